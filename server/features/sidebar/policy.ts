// sidebar_sections: a person's sidebar is theirs alone (docs/channels.md, "Sidebar"). Like
// channel_reads: the read rule is `user_id = me` in SQL and the room `user:<id>` the audience
// (docs/architecture.md, "Policies and audiences"), so the person's other tabs and devices, and
// nobody else, get each change. Another person's section answers like a missing one (the read rule
// comes first), so its existence is not told either.
import { sql } from "kysely";
import { SIDEBAR_SECTIONS_MAX } from "@shared/entities";
import { rooms } from "@shared/realtime";
import type { TablePolicy } from "../../entities/policy";
import { readsByAudience } from "../../entities/audience";
import { otherKeys } from "../../entities/policy-helpers";
import { HttpError } from "../../errors";

export const DEFAULT_KEPT = "Favourites, Channels and Direct messages are always there: they cannot be renamed or deleted";
export const TOO_MANY_SECTIONS = `You have ${SIDEBAR_SECTIONS_MAX} sections of your own already; delete one first`;
/** Where channels sit and the order of sections change through their own commands (./sections.ts). */
export const ONLY_NAME_SORT_COLLAPSED = "Only a section's name, sort and collapsed change here; move channels with sidebar_sections.move and sections with sidebar_sections.order";

export const sidebarSectionsAudience = (row: { user_id: number }) => [rooms.user(row.user_id)];

export const sidebarSectionsPolicy: TablePolicy<"sidebar_sections"> = {
  readFilter: (user) => (eb) => eb("sidebar_sections.user_id", "=", user.id),
  audience: sidebarSectionsAudience,
  canRead: readsByAudience(sidebarSectionsAudience),
  async canCreate(user, _input, db) {
    const { n } = await db
      .selectFrom("sidebar_sections")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("user_id", "=", user.id)
      .where("kind", "=", "custom")
      .executeTakeFirstOrThrow();
    if (n >= SIDEBAR_SECTIONS_MAX) throw new HttpError(400, TOO_MANY_SECTIONS);
    return true;
  },
  canUpdate(user, row, changes) {
    if (row.user_id !== user.id) return false;
    if (otherKeys(changes, ["name", "sort", "collapsed"]).length) return ONLY_NAME_SORT_COLLAPSED;
    if ("name" in changes && row.kind !== "custom") return DEFAULT_KEPT;
    return true;
  },
  canDelete: (user, row) => (row.user_id !== user.id ? false : row.kind === "custom" ? true : DEFAULT_KEPT),
  serverFields: {
    // A new section goes last, and lists no channels until some are moved into it.
    async create(user, _input, db) {
      const { p } = await db
        .selectFrom("sidebar_sections")
        .select(sql<number>`coalesce(max(position), -1)::int`.as("p"))
        .where("user_id", "=", user.id)
        .executeTakeFirstOrThrow();
      return { user_id: user.id, kind: "custom", position: p + 1, channel_ids: [], sort: "manual", collapsed: false };
    },
  },
};
