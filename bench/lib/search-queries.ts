// What the search scenario asks, kind by kind, one query per round: the ends of the word curve
// (a word in most messages, one in a few), prefixes, several words, a phrase, URL and CJK
// fragments, each filter alone and with a word, and a word the reader may never see. Fragments
// and phrases are cut from generated messages in channels the reader may read, so they exist.
import { cjkRuns } from "@shared/search";
import { CJK_WORDS } from "./search-cjk";
import { PRIVATE_ONLY_WORD } from "./search-corpus";
import type { Organisation } from "./search-org";

export interface QueryKind {
  kind: string;
  queries: string[];
  /** The reader must find nothing (the word is only in channels they cannot read). */
  mustFindNothing?: boolean;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 24 * 3600 * 1000;
const LATIN = /^[a-z]+$/;
const CJK_LIST = Object.values(CJK_WORDS).flat();

interface Samples {
  phrases: string[];
  urls: string[];
  cjk2: string[];
  cjk4: string[];
  mixed: string[];
}

/** Phrases and fragments from readable messages spread over the whole history. */
function samples(org: Organisation, want: number): Samples {
  const out: Samples = { phrases: [], urls: [], cjk2: [], cjk4: [], mixed: [] };
  const n = org.sizes.messages;
  // A prime stride visits messages all over the history (and every one, if n is not its multiple).
  const stride = n % 7919 === 0 ? 7907 : 7919;
  const full = () => Object.values(out).every((l) => l.length >= want);
  for (let k = 0; k < Math.min(n, 2_000_000) && !full(); k++) {
    const m = org.message((k * stride) % n);
    if (!org.channels[m.channel].readable) continue;
    const tokens = m.content.split(" ");
    const latin = tokens.map((t) => t.toLowerCase().replace(/[.,?]$/, "")).filter((t) => LATIN.test(t));
    const runs = cjkRuns(m.content);
    if (out.phrases.length < want && runs.length === 0 && !m.content.includes("https://")) {
      // Two words as written next to each other (no comma between), from a place set by k.
      const pairs: string[] = [];
      for (let t = 0; t + 1 < tokens.length; t++) {
        const [a, b] = [tokens[t].toLowerCase(), tokens[t + 1].toLowerCase().replace(/[.?]$/, "")];
        if (LATIN.test(a) && LATIN.test(b)) pairs.push(`${a} ${b}`);
      }
      if (pairs.length) out.phrases.push(`"${pairs[k % pairs.length]}"`);
    }
    const url = /https:\/\/(docs\.[a-z]+\.example\.com)/.exec(m.content);
    if (url && out.urls.length < want) out.urls.push(url[1]);
    if (runs.length) {
      // Whole words, as a person types them, not pieces cut across two of them.
      const said = (len: number) => CJK_LIST.filter((x) => [...x].length === len && runs.some((r) => r.includes(x)));
      const [two, four] = [said(2), said(4)];
      if (two.length && out.cjk2.length < want) out.cjk2.push(two[k % two.length]);
      if (four.length && out.cjk4.length < want) out.cjk4.push(four[k % four.length]);
      if (two.length && latin.length && out.mixed.length < want) out.mixed.push(`${two[k % two.length]} ${latin[k % latin.length]}`);
    }
  }
  return out;
}

/** `rounds` queries of each kind. A kind with nothing to cut its queries from (a tiny fixture) is left out. */
export function queryTable(org: Organisation, rounds: number, range: { first: Date; last: Date }): QueryKind[] {
  const s = samples(org, rounds);
  const w = (rank: number) => org.word(rank);
  const rare = Math.round(0.75 * org.vocab.length); // 15,000 of 20,000
  // Prefixes of common-ish words long enough that the prefix is not the word itself.
  const prefixSource = org.vocab.slice(9, 200).filter((x) => x.length >= 6);
  const prefixes = (len: number) => [...new Set(prefixSource.map((x) => x.slice(0, len)))];
  const p3 = prefixes(3);
  const p4 = prefixes(4);
  const publicByRank = org.channels.filter((c) => c.type === "public").sort((a, b) => a.rank - b.rank);
  const local = (i: number) => org.senders[(i * 37) % org.senders.length].email.split("@")[0];
  const channel = (i: number) => publicByRank[(i * 7) % publicByRank.length].name;
  const daysAfter = (d: Date, days: number) => day(new Date(d.getTime() + days * DAY_MS));
  const spanDays = Math.max(2, Math.floor((range.last.getTime() - range.first.getTime()) / DAY_MS));
  const each = (f: (i: number) => string) => Array.from({ length: rounds }, (_, i) => f(i));
  const cycle = (list: string[]) => (list.length ? each((i) => list[i % list.length]) : []);
  const kinds: QueryKind[] = [
    { kind: "common word (rank 1-5)", queries: each((i) => w(1 + (i % 5))) },
    { kind: "middling word (rank ~300)", queries: each((i) => w(290 + (i % 20))) },
    { kind: `rare word (rank ~${rare})`, queries: each((i) => w(rare - 50 + ((i * 7) % 100))) },
    { kind: "prefix, 3 letters", queries: cycle(p3) },
    { kind: "prefix, 4 letters", queries: cycle(p4) },
    { kind: "two common words", queries: each((i) => `${w(1 + (i % 5))} ${w(6 + ((i * 3) % 5))}`) },
    { kind: "three words", queries: each((i) => `${w(1 + (i % 5))} ${w(20 + (i % 20))} ${w(100 + ((i * 7) % 100))}`) },
    { kind: "phrase (2 words)", queries: cycle(s.phrases) },
    { kind: "URL fragment", queries: cycle(s.urls) },
    { kind: "CJK, 2 characters", queries: cycle(s.cjk2) },
    { kind: "CJK, 4 characters", queries: cycle(s.cjk4) },
    { kind: "CJK + Latin word", queries: cycle(s.mixed) },
    { kind: "from: alone", queries: each((i) => `from:@${local(i)}`) },
    { kind: "from: + word", queries: each((i) => `from:@${local(i)} ${w(10 + (i % 20))}`) },
    { kind: "in: alone (public)", queries: each((i) => `in:#${channel(i)}`) },
    { kind: "in: + word", queries: each((i) => `in:#${channel(i)} ${w(10 + (i % 20))}`) },
    { kind: "after: alone", queries: each((i) => `after:${daysAfter(range.last, -(3 + ((i * 17) % Math.min(360, spanDays))))}`) },
    { kind: "before: + word", queries: each((i) => `before:${daysAfter(range.first, 30 + ((i * 23) % Math.max(1, spanDays - 30)))} ${w(290 + (i % 20))}`) },
    { kind: "has:file alone", queries: each(() => "has:file") },
    { kind: "has:file + word", queries: each((i) => `has:file ${w(1 + (i % 5))}`) },
    { kind: "private-only word", queries: each(() => PRIVATE_ONLY_WORD), mustFindNothing: true },
  ];
  return kinds.filter((k) => k.queries.length > 0);
}
