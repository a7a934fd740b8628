// channels.openDm: the direct message between the caller and one other person, the existing one
// if there is one, else a new one made by the Entity API's create (the channels policy, the
// channels.create event and its fan-out, as for any channel). The unique index on a dm's people
// decides between two openings at once (two clicks, two tabs, two nodes): the loser reads the
// winner's dm, so the pair never gets a second one.
import { USER_MESSAGES, type Channel } from "@shared/entities";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import { HttpError, badRequest, notFound } from "../../errors";
import { createEntity } from "../../entities/pipeline";
import { present } from "../../entities/present";
import { emailOf } from "../../entities/policy-helpers";
import { findUser } from "../users/repository";
import { findDm } from "./repository";

export async function openDm(ctx: AppContext, user: User, otherId: number): Promise<{ channel: Channel; created: boolean }> {
  const other = await findUser(ctx.db, otherId);
  if (!other) throw notFound("User not found");
  const pair = [emailOf(user), emailOf(other)];
  if (pair[0] === pair[1]) throw badRequest("user_id: a direct message is with someone else");
  const existing = await findDm(ctx.db, pair);
  // A deactivated person's old conversation stays readable; a new one with them is pointless.
  if (existing) return { channel: present("channels", existing, user), created: false };
  if (!other.is_active) throw badRequest(`user_id: ${USER_MESSAGES.accountDeactivated}`);
  try {
    const channel = (await createEntity(ctx, user, "channels", { name: dmName(user, other), type: "dm", members: [pair[1]] })) as Channel;
    return { channel, created: true };
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 409)) throw err;
    const winner = await findDm(ctx.db, pair);
    if (!winner) throw err;
    return { channel: present("channels", winner, user), created: false };
  }
}

/** Both names: each side's client shows the other person, and this is what other clients show. */
function dmName(a: User, b: User): string {
  return [a.full_name || a.email, b.full_name || b.email].join(", ").slice(0, 100);
}
