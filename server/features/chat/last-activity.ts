// A channel's last_activity is the time of its newest message (docs/architecture.md, "The write
// path"): every reader of the channel receives that message, so clients move it themselves and it
// needs no change record of its own; the stored value (for REST lists) moves at most once a second
// per channel and node, in the statement that stores the messages (insertMessages, ./repository.ts).
import { perContext, type AppContext } from "../../context";

/** Which channels' last_activity a batch moves. Kept per app, forgotten in bulk when it grows large. */
class TouchThrottle {
  private last = new Map<number, number>();
  due(channelIds: number[], now = Date.now()): number[] {
    const out: number[] = [];
    for (const id of new Set(channelIds)) {
      if (now - (this.last.get(id) ?? 0) < 1000) continue;
      this.last.set(id, now);
      out.push(id);
    }
    if (this.last.size > 10_000) this.last.clear();
    return out;
  }
}

/** The throttle of a batch of roots, or of replies also sent to the channel, alike. */
export const touchFor = perContext((_ctx: AppContext) => new TouchThrottle());
