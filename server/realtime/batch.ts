// Coalesces lookups into one query: those made in the same turn of the event loop, and those made
// while the previous query is still running. A lone lookup goes out at once; in a reconnect storm
// (thousands of handshakes within a second after a restart) batches grow with the load, so the
// storm costs a few dozen round trips instead of several per socket.
export class Batcher<K, V> {
  private waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  private scheduled = false;
  private busy = 0;

  constructor(
    /** Answers for every key it can; keys missing from the map resolve to undefined. */
    private load: (keys: K[]) => Promise<Map<K, V>>,
    private lanes = 1,
    private maxBatch = 1000,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.drain();
        });
      }
    });
  }

  private drain(): void {
    while (this.waiting.size && this.busy < this.lanes) {
      const batch = [...this.waiting].slice(0, this.maxBatch);
      for (const [k] of batch) this.waiting.delete(k);
      this.busy++;
      void this.load(batch.map(([k]) => k))
        .then(
          (found) => {
            for (const [k, list] of batch) for (const w of list) w.resolve(found.get(k));
          },
          (err) => {
            for (const [, list] of batch) for (const w of list) w.reject(err);
          },
        )
        .finally(() => {
          this.busy--;
          this.drain();
        });
    }
  }
}
