// Who may see a row, as Socket.IO rooms (docs/architecture.md, "Policies and audiences"). Each
// table states its read rule once as SQL (the policy's readFilter) and its audience as the rooms
// computed from the row; a reader may see a row when one of the rooms they are in is in its
// audience. audience.test.ts proves the two agree over generated users and rows, so the in-memory
// check used by the feed and the policies is the SQL rule, not a second opinion.
import { rooms } from "@shared/realtime";
import type { User } from "../db/schema";
import { isAdmin, isPrivileged } from "../auth/roles";

export type Reader = Pick<User, "id" | "email" | "role" | "team_role">;

/** The rooms every socket of this reader is in, channel rooms aside (those follow channel membership). */
export function readerRooms(reader: Reader): string[] {
  const out = [rooms.org, rooms.user(reader.id), rooms.email(reader.email)];
  if (isPrivileged(reader)) out.push(rooms.staff);
  if (isAdmin(reader)) out.push(rooms.admins);
  return out;
}

/** The rooms of the people a row names by address (owners, assignees, attendees...). */
export function emailRooms(addresses: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const a of addresses) if (a) out.add(rooms.email(a));
  return [...out];
}

/** Whether a reader in `readerIn` may see a row whose audience is `audience`. */
export function sees(audience: readonly string[], readerIn: ReadonlySet<string> | readonly string[]): boolean {
  const set = readerIn instanceof Set ? readerIn : new Set(readerIn as readonly string[]);
  return audience.some((r) => set.has(r));
}

/** A policy's in-memory read check, derived from its audience. */
export const readsByAudience =
  <R>(audience: (row: R) => string[]) =>
  (user: Reader, row: R): boolean =>
    sees(audience(row), readerRooms(user));
