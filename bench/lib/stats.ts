// Latency samples and the figures the load tester prints.

export class Samples {
  private buf = new Float64Array(1024);
  private n = 0;

  add(v: number): void {
    if (this.n === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.n++] = v;
  }

  get count(): number {
    return this.n;
  }

  summary(): LatencySummary {
    if (this.n === 0) return { count: 0, p50: 0, p95: 0, p99: 0, max: 0, mean: 0 };
    const s = this.buf.slice(0, this.n).sort();
    const at = (q: number) => s[Math.min(this.n - 1, Math.floor(q * this.n))];
    let sum = 0;
    for (let i = 0; i < this.n; i++) sum += s[i];
    return { count: this.n, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: s[this.n - 1], mean: sum / this.n };
  }
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export const ms = (v: number) => (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0));
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** A plain text table: first row is the header. */
export function table(rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}
