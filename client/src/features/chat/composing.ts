// Which composers on screen hold text not yet sent. The app waits until none does before it
// reloads itself after a deploy (app/deployReload.ts; docs/protocol.md, "Connect and authenticate"): the
// draft would survive a reload (./drafts.ts), but the person typing would lose their place.
const holders = new Set<symbol>();

/** Marks one composer as holding unsent text, or not (also on unmount). */
export function setComposing(holder: symbol, dirty: boolean): void {
  if (dirty) holders.add(holder);
  else holders.delete(holder);
}

/** True while any composer on screen holds unsent text. */
export function isComposing(): boolean {
  return holders.size > 0;
}
