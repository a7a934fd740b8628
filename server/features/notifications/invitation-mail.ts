// An invitation's mail (docs/notifications.md): where SMTP is configured, the job that sends it
// is written in the invitation's own transaction, so a process dying right after the commit
// leaves an invitation whose mail still goes out (the worker sweeps pending jobs).
import type { DbLike } from "../../entities/repository";
import { insertJobs } from "./repository";

export interface InvitationMail {
  to: string;
  link: string;
  message: string | null;
  inviterId: number;
  inviterName: string;
}

export async function queueInvitationMail(trx: DbLike, i: InvitationMail): Promise<void> {
  await insertJobs(trx, [{ kind: "invite", user_id: i.inviterId, payload: { to: i.to, link: i.link, message: i.message, inviter: i.inviterName }, due: new Date() }]);
}
