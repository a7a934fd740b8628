// The words of the search fixture: a seeded generator (every run, and every kept database, holds
// the same text), a Zipf sampler, and the vocabulary taken from the system dictionary. Real
// chat is Zipfian: a few words are in most messages, most words in almost none, and a search
// planner is only tested by both ends of that curve.
import fs from "node:fs";

export const DICTIONARY = "/usr/share/dict/american-english";

/** A small fast seeded generator (mulberry32): uniform in [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A well-mixed 32-bit seed for item `i` of stream `salt` (murmur3's finaliser), so any message
 * can be generated again on its own (the query table samples messages without reading them back).
 */
export function seedOf(salt: number, i: number): number {
  let h = (Math.imul(i, 0x9e3779b1) ^ salt) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Fisher-Yates in place with the given generator. */
export function shuffle<T>(list: T[], rng: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Ranks 0..n-1 drawn with probability ∝ 1/(rank+1)^s: the cumulative table once, a binary search per draw. */
export class Zipf {
  readonly cdf: Float64Array;

  constructor(readonly n: number, s = 1) {
    this.cdf = new Float64Array(n);
    let sum = 0;
    for (let k = 0; k < n; k++) this.cdf[k] = sum += 1 / Math.pow(k + 1, s);
    for (let k = 0; k < n; k++) this.cdf[k] /= sum;
  }

  /** The share of draws that land on `rank`. */
  share(rank: number): number {
    return this.cdf[rank] - (rank > 0 ? this.cdf[rank - 1] : 0);
  }

  draw(rng: () => number): number {
    const u = rng();
    let lo = 0;
    let hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * `size` words of the dictionary, lower-case letters only, in a seeded order: rank 1 is the
 * first. Shuffled so that frequency has nothing to do with the alphabet (the file is sorted).
 */
export function vocabulary(size: number, seed: number): string[] {
  if (!fs.existsSync(DICTIONARY)) {
    throw new Error(`the search fixture needs the word list ${DICTIONARY}: install the Debian package wamerican (apt-get install -y wamerican)`);
  }
  const words = [...new Set(fs.readFileSync(DICTIONARY, "utf8").split("\n").filter((w) => /^[a-z]+$/.test(w)))];
  if (words.length < size) throw new Error(`${DICTIONARY} holds ${words.length} lower-case words, fewer than --search-vocabulary ${size}`);
  return shuffle(words, seeded(seed)).slice(0, size);
}

/**
 * Said only in private channels the reader is not in: a search for it must find nothing. Made
 * up, so no dictionary word holds it (and no word starts with it, which a prefix match would find).
 */
export const PRIVATE_ONLY_WORD = "zorblax";

/** Words in a message: 4 to 30, mean about 12 (an exponential tail, cut at 30). */
export function messageLength(rng: () => number): number {
  return 4 + Math.min(26, Math.floor(-Math.log(1 - rng()) * 8.7));
}

/** Zipf-drawn words as a person types them: a capital first letter, now and then a comma, often a full stop. */
export function latinWords(rng: () => number, vocab: string[], zipf: Zipf, count: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    let w = vocab[zipf.draw(rng)];
    if (k === 0 && rng() < 0.6) w = w[0].toUpperCase() + w.slice(1);
    if (k < count - 1 && rng() < 0.06) w += ",";
    out.push(w);
  }
  const end = rng();
  if (end < 0.4) out[out.length - 1] += ".";
  else if (end < 0.5) out[out.length - 1] += "?";
  return out;
}

/**
 * The text of chat message `seq` for the chat bench: Zipf-drawn words of the dictionary, as many
 * as the search fixture's messages hold (mean about 12), the same for the same `seq` every run,
 * so two servers compared store the same text (what storing a message costs depends on it).
 */
export function chatText(vocabularySize = 20_000): (seq: number) => string {
  const vocab = vocabulary(vocabularySize, 0xc4a7);
  const zipf = new Zipf(vocab.length);
  return (seq) => {
    const rng = seeded(seedOf(0x7e57, seq));
    return latinWords(rng, vocab, zipf, messageLength(rng)).join(" ");
  };
}
