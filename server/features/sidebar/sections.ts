// The sidebar's commands beyond the generic create, update and delete (docs/channels.md,
// "Sidebar"; docs/architecture.md, "Adding a command"): `sidebar_sections.setup` makes a person's
// three default sections the first time, `sidebar_sections.move` places a channel in a section and
// `sidebar_sections.order` puts the sections in a new order. Each runs in withChanges and records
// one change per row it changes; the records go to the owner's room only, so their other tabs and
// devices follow at once. The REST routes and the socket commands call these functions.
import { SIDEBAR_CHANNELS_MAX, SIDEBAR_DEFAULTS, type SidebarSection } from "@shared/entities";
import type { AppContext } from "../../context";
import type { User } from "../../db/schema";
import type { DbLike } from "../../entities/repository";
import type { ChangeRecorder, RowOf } from "../../entities/policy";
import { present } from "../../entities/present";
import { withChanges } from "../../feed/changelog";
import { HttpError, notFound } from "../../errors";
import { canReadChannel } from "../chat/channels.policy";
import { findChannel } from "../chat/repository";

type Row = RowOf<"sidebar_sections">;

export const SECTION_NOT_FOUND = "Section not found";
export const SECTION_FULL = `A section lists at most ${SIDEBAR_CHANNELS_MAX} channels`;
export const ORDER_MISMATCH = "ids must list each of your sections once";

const mine = (trx: DbLike, user: User) =>
  trx.selectFrom("sidebar_sections").selectAll().where("user_id", "=", user.id).orderBy("position").orderBy("id");

/** The defaults a person lacks, made after their sections; two tabs at once make each once (the unique index). */
async function ensureDefaults(trx: DbLike, user: User, log: ChangeRecorder): Promise<void> {
  const have = await trx.selectFrom("sidebar_sections").select(["kind", "position"]).where("user_id", "=", user.id).execute();
  const missing = SIDEBAR_DEFAULTS.filter((d) => !have.some((h) => h.kind === d.kind));
  if (!missing.length) return;
  let next = have.reduce((m, h) => Math.max(m, h.position + 1), 0);
  for (const d of missing) {
    const made = await trx
      .insertInto("sidebar_sections")
      .values({ user_id: user.id, kind: d.kind, name: d.name, sort: d.sort, position: next++, channel_ids: [] })
      .onConflict((oc) => oc.columns(["user_id", "kind"]).where("kind", "<>", "custom").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (made) log.add("sidebar_sections", "create", made.id, made);
  }
}

const presentAll = (rows: Row[], user: User) => rows.map((r) => present("sidebar_sections", r, user) as SidebarSection);

/** `sidebar_sections.setup`: the caller's sections, the defaults made where missing. */
export async function setupSidebar(ctx: AppContext, user: User): Promise<SidebarSection[]> {
  const rows = await withChanges(ctx, async (trx, log) => {
    await ensureDefaults(trx, user, log);
    return mine(trx, user).execute();
  });
  return presentAll(rows, user);
}

/** Inserts `id` at `index` (clamped) of `list`, without repeating it. */
export function placeAt(list: readonly number[], id: number, index: number | undefined): number[] {
  const rest = list.filter((x) => x !== id);
  const at = Math.min(index ?? rest.length, rest.length);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/**
 * `sidebar_sections.move`: the channel (one the caller may read) goes into their section at
 * `index` of its manual order, and out of whichever other section held it. Answers every section
 * the move changed.
 */
export async function moveChannel(ctx: AppContext, user: User, input: { channel_id: number; section_id: number; index?: number }): Promise<SidebarSection[]> {
  const changed = await withChanges(ctx, async (trx, log) => {
    const channel = await findChannel(trx, input.channel_id);
    if (!channel || !canReadChannel(user, channel)) throw notFound("Channel not found");
    await ensureDefaults(trx, user, log);
    // Locked in one order (position, id) so two moves of one person cannot deadlock.
    const rows = await mine(trx, user).forUpdate().execute();
    const target = rows.find((r) => r.id === input.section_id);
    if (!target) throw notFound(SECTION_NOT_FOUND);
    const out: Row[] = [];
    for (const row of rows) {
      const next = row.id === target.id ? placeAt(row.channel_ids, input.channel_id, input.index) : row.channel_ids.filter((x) => x !== input.channel_id);
      if (next.length > SIDEBAR_CHANNELS_MAX) throw new HttpError(400, SECTION_FULL);
      if (sameList(next, row.channel_ids)) continue;
      const after = await trx.updateTable("sidebar_sections").set({ channel_ids: next, updated_at: new Date() }).where("id", "=", row.id).returningAll().executeTakeFirstOrThrow();
      log.add("sidebar_sections", "update", after.id, after, row);
      out.push(after);
    }
    return out;
  });
  return presentAll(changed, user);
}

/** `sidebar_sections.order`: every one of the caller's section ids, in the new order. Answers them all. */
export async function orderSections(ctx: AppContext, user: User, input: { ids: number[] }): Promise<SidebarSection[]> {
  const rows = await withChanges(ctx, async (trx, log) => {
    await ensureDefaults(trx, user, log);
    const before = await mine(trx, user).forUpdate().execute();
    const ids = input.ids;
    if (new Set(ids).size !== ids.length || ids.length !== before.length || !before.every((r) => ids.includes(r.id))) throw new HttpError(400, ORDER_MISMATCH);
    const out: Row[] = [];
    for (const row of before) {
      const position = ids.indexOf(row.id);
      if (position === row.position) {
        out.push(row);
        continue;
      }
      const after = await trx.updateTable("sidebar_sections").set({ position, updated_at: new Date() }).where("id", "=", row.id).returningAll().executeTakeFirstOrThrow();
      log.add("sidebar_sections", "update", after.id, after, row);
      out.push(after);
    }
    return out.sort((a, b) => a.position - b.position);
  });
  return presentAll(rows, user);
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
