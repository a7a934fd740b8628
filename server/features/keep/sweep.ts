// Every node runs this sweep (docs/messages.md, "Reminders", "Scheduled messages"): due reminders
// are claimed and due scheduled messages leased in the database, so however many nodes sweep,
// each is handled by one. It stops once the realtime layer it started with goes away (as the
// calendar's reminder sweep does).
import type { AppContext } from "../../context";
import { everyWhileOpen } from "../../single-flight";
import { fireDueReminders } from "./reminders";
import { postDueScheduled } from "./scheduled";

/** Due times are honoured within this; a sweep with nothing due is two indexed queries. */
export const KEEP_SWEEP_MS = 2_000;

export function startKeepSweep(ctx: AppContext, everyMs = Math.min(KEEP_SWEEP_MS, ctx.config.reminderSweepMs)): void {
  everyWhileOpen(
    ctx,
    everyMs,
    async () => {
      await fireDueReminders(ctx);
      await postDueScheduled(ctx);
    },
    (err) => ctx.log.warn({ err }, "reminder and scheduled message sweep failed"),
  );
}
