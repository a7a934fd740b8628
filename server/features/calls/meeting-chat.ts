// The meeting's chat beside the video (docs/calls.md, "Meetings"): kept simple and apart from the chat
// feature, it is a private channel per meeting, created through the entity engine (so its
// members' sockets join its room like any channel's) by the organiser, with the organiser and
// the invitees as members; someone who walks into an open meeting is added when they open it.
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { createEntity, updateEntity } from "../../entities/pipeline";
import { listHas, sameEmail } from "../../entities/policy-helpers";
import type { Actor } from "./signals";
import { findMeetingEvent, type MeetingEvent } from "./meeting-repository";

// One creation at a time per meeting on this node (two people opening the chat together).
const creating = new Map<string, Promise<number>>();

async function organiser(ctx: AppContext, m: MeetingEvent) {
  const row = await ctx.db.selectFrom("users").selectAll().where(ctx.db.fn("lower", ["email"]), "=", m.created_by.toLowerCase()).executeTakeFirst();
  if (!row) throw notFound("Meeting not found");
  return row;
}

export async function meetingChannel(ctx: AppContext, user: Actor, meetingId: string): Promise<{ channel_id: number }> {
  const m = await findMeetingEvent(ctx.db, meetingId);
  const invited = m && (sameEmail(m.created_by, user.email) || listHas(m.attendees, user.email));
  if (!m || !(invited || m.meeting_open)) throw notFound("Meeting not found");
  const linked = await ctx.db
    .selectFrom("meeting_channels as mc")
    .innerJoin("channels as c", "c.id", "mc.channel_id")
    .select(["c.id", "c.members"])
    .where("mc.meeting_id", "=", meetingId)
    .executeTakeFirst();
  if (linked) {
    if (!listHas(linked.members, user.email)) {
      await updateEntity(ctx, await organiser(ctx, m), "channels", linked.id, { members: [...linked.members, user.email.toLowerCase()] });
    }
    return { channel_id: linked.id };
  }
  let pending = creating.get(meetingId);
  if (!pending) {
    pending = (async () => {
      const owner = await organiser(ctx, m);
      const members = [...new Set([owner.email, ...m.attendees, user.email].map((e) => e.toLowerCase()))];
      const ch = (await createEntity(ctx, owner, "channels", { name: `meeting-${meetingId}`.slice(0, 100), description: `Chat of the meeting "${m.title}"`, type: "private", members })) as { id: number };
      await ctx.db.insertInto("meeting_channels").values({ meeting_id: meetingId, channel_id: Number(ch.id) }).onConflict((oc) => oc.doNothing()).execute();
      return Number(ch.id);
    })().finally(() => creating.delete(meetingId));
    creating.set(meetingId, pending);
  }
  return { channel_id: await pending };
}
