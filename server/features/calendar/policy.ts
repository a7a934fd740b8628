// calendar_events: seen by the creator and the attendees; changed only by the creator.
import crypto from "node:crypto";
import type { User } from "../../db/schema";
import { emailOf, listContains, sameEmail } from "../../entities/policy-helpers";
import type { RowOf, TablePolicy } from "../../entities/policy";
import { emailRooms, readsByAudience } from "../../entities/audience";

const audience = (row: Pick<RowOf<"calendar_events">, "created_by" | "attendees">) => emailRooms([row.created_by, ...row.attendees]);

const isCreator = (user: User, row: Pick<RowOf<"calendar_events">, "created_by">) => sameEmail(row.created_by, emailOf(user));

/** Meetings are joined by this id (the Meet page's meetingId). */
export const newMeetingId = () => crypto.randomBytes(6).toString("hex");

export const calendarEventsPolicy: TablePolicy<"calendar_events"> = {
  readFilter(user) {
    const me = emailOf(user);
    return (eb) => eb.or([eb("calendar_events.created_by", "=", me), listContains(eb, "calendar_events.attendees", me)]);
  },
  audience,
  canRead: readsByAudience(audience),
  canCreate: () => true,
  canUpdate: isCreator,
  canDelete: isCreator,
  serverFields: {
    create: (user, input) => ({
      created_by: emailOf(user),
      ...(input.event_type === "meeting" && !input.meeting_id ? { meeting_id: newMeetingId() } : {}),
    }),
    update(_user, row, changes) {
      const type = (changes.event_type as string | undefined) ?? row.event_type;
      const meetingId = "meeting_id" in changes ? changes.meeting_id : row.meeting_id;
      return type === "meeting" && !meetingId ? { meeting_id: newMeetingId() } : {};
    },
  },
};
