// Reads Prometheus' text exposition format back in tests: every sample with its labels, and the
// families the `# TYPE` lines declare.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  samples: Sample[];
  types: Map<string, string>;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (!line || line.startsWith("#")) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(LABEL)) labels[l[1]] = l[2].replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    samples.push({ name: m[1], labels, value: m[3] === "+Inf" ? Infinity : Number(m[3]) });
  }
  return { samples, types };
}

/** The sum of the samples named `name` whose labels include `labels`. */
export function total(s: Scrape, name: string, labels: Record<string, string> = {}): number {
  return s.samples
    .filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))
    .reduce((n, x) => n + x.value, 0);
}

/** A histogram's buckets for one label set, in order of their bounds. */
export function buckets(s: Scrape, name: string, labels: Record<string, string> = {}): [number, number][] {
  return s.samples
    .filter((x) => x.name === `${name}_bucket` && Object.entries(labels).every(([k, v]) => x.labels[k] === v))
    .map((x): [number, number] => [x.labels.le === "+Inf" ? Infinity : Number(x.labels.le), x.value])
    .sort((a, b) => a[0] - b[0]);
}
