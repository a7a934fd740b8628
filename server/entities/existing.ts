// A create that found its row already stored: a message sent again with its client_id after a
// lost answer (docs/messages.md, "Sent when back online") is answered with the stored row, which
// REST then says with 200 rather than 201. The mark follows the row object to its presented form.
const existing = new WeakSet<object>();

/** Marks a row a create answered without storing it (it was stored by an earlier try). */
export function markExisting<T extends object>(row: T): T {
  existing.add(row);
  return row;
}

export const isExisting = (row: object): boolean => existing.has(row);
