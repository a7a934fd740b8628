// The organisation the search fixture stands for: 200 people, channels of every size (sizes
// drawn by Zipf, public and private alike among the big ones), a reader in some of them, and its
// messages. Everything is a pure function of the sizes and fixed seeds: message i is generated on
// its own (seedOf), so the fill streams any number of them and the query table can look at any
// one without reading the database.
import { cjkLanguage, cjkSentence } from "./search-cjk";
import { latinWords, messageLength, PRIVATE_ONLY_WORD, seeded, seedOf, shuffle, vocabulary, Zipf } from "./search-corpus";

export interface OrgSizes {
  messages: number;
  channels: number;
  /** Channels the reader is a member of: a fifth of them private, the rest public. */
  memberOf: number;
  /** Dictionary words in use (ranks 1..vocabulary). */
  vocabulary: number;
}

export const SENDERS = 200;
/** The history spans about two years, the newest message last. */
export const SPAN_MS = 730 * 24 * 3600 * 1000;
export const READER_EMAIL = "search-reader@bench.test";
/** Times the private-only word is said per message (3,000 in a million). */
const PRIVATE_ONLY_RATE = 0.003;
const PRIVATE_ROOM = 10;

const SEED_WORDS = 20260101;
const SEED_ORG = 20260202;
const SEED_TEXT = 20260303;

const FIRST = ["ana", "ben", "chloe", "dmitri", "elena", "farid", "grace", "hiro", "ines", "jonas", "kavya", "liam", "mei", "nadia", "omar", "priya", "quinn", "rosa", "sven", "tariq", "uma", "victor", "wen", "yusuf", "zoe"];
const LAST = ["novak", "okafor", "silva", "tanaka", "schmidt", "kowalski", "haddad", "lindqvist"];
const PUBLIC_PREFIX = ["team", "proj", "eng", "ops", "sales", "support", "design", "help", "social", "news"];
const PRIVATE_PREFIX = ["priv", "leads", "hr", "deal", "incident"];
const FILE_EXT = ["pdf", "docx", "xlsx", "png", "jpg", "zip", "csv", "pptx"];

export interface Sender {
  email: string;
  name: string;
}

export interface ChannelSpec {
  name: string;
  type: "public" | "private";
  /** Indices into the senders. */
  members: number[];
  /** The reader is a member. */
  reader: boolean;
  /** The reader may read it: public, or a member. */
  readable: boolean;
  /** 0 for the channel with the most messages. */
  rank: number;
}

export interface GeneratedMessage {
  /** Index into the channels (their order of insertion). */
  channel: number;
  sender: number;
  content: string;
  type: "text" | "file";
  fileUrl: string | null;
  fileName: string | null;
  /** Milliseconds after the start of the history. */
  at: number;
}

const hex = (rng: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rng() * 16).toString(16)).join("");

export class Organisation {
  readonly vocab: string[];
  readonly words: Zipf;
  readonly senders: Sender[];
  readonly channels: ChannelSpec[];
  /** Channel index of each rank. */
  private readonly byRank: number[];
  private readonly channelSizes: Zipf;
  /** Chance that a message in a private channel the reader is not in says the private-only word. */
  private readonly privateOnlyChance: number;

  constructor(readonly sizes: OrgSizes) {
    this.vocab = vocabulary(sizes.vocabulary, SEED_WORDS);
    if (this.vocab.some((w) => w.startsWith(PRIVATE_ONLY_WORD))) throw new Error(`${PRIVATE_ONLY_WORD} is a dictionary word`);
    this.words = new Zipf(this.vocab.length);
    const rng = seeded(SEED_ORG);
    this.senders = FIRST.flatMap((f) => LAST.map((l) => ({ email: `${f}.${l}@bench.test`, name: `${f[0].toUpperCase()}${f.slice(1)} ${l[0].toUpperCase()}${l.slice(1)}` }))).slice(0, SENDERS);
    const n = sizes.channels;
    this.channelSizes = new Zipf(n);
    // A fifth private, spread over the ranks, so the biggest channels are of both kinds; the
    // insertion order shuffled, so an id says nothing of a channel's size.
    const order = shuffle(Array.from({ length: n }, (_, r) => r), rng);
    this.byRank = new Array<number>(n);
    order.forEach((rank, index) => (this.byRank[rank] = index));
    const nameWord = (index: number) => this.vocab[(1000 + index) % this.vocab.length] + (n > this.vocab.length - 1000 ? `-${index}` : "");
    this.channels = order.map((rank, index) => {
      const type = rank % 5 === 2 ? "private" : "public";
      const prefixes = type === "private" ? PRIVATE_PREFIX : PUBLIC_PREFIX;
      const size = type === "private" ? PRIVATE_ROOM : 5 + Math.floor(rng() * rng() * 76);
      const members = shuffle(Array.from({ length: SENDERS }, (_, s) => s), rng).slice(0, size);
      return { name: `${prefixes[index % prefixes.length]}-${nameWord(index)}`, type, members, reader: false, readable: type === "public", rank };
    });
    // The reader's channels taken evenly down the ranks: the biggest of each kind (everyone is in
    // the busiest channels) and smaller ones.
    const privateCount = Math.round(sizes.memberOf / 5);
    const join = (type: "public" | "private", count: number) => {
      const list = this.channels.filter((c) => c.type === type).sort((a, b) => a.rank - b.rank);
      count = Math.min(count, list.length);
      for (let k = 0; k < count; k++) Object.assign(list[Math.floor((k * list.length) / count)], { reader: true, readable: true });
    };
    join("private", privateCount);
    join("public", sizes.memberOf - privateCount);
    let hidden = 0;
    for (const c of this.channels) if (!c.readable) hidden += this.channelSizes.share(c.rank);
    this.privateOnlyChance = hidden > 0 ? Math.min(1, PRIVATE_ONLY_RATE / hidden) : 0;
  }

  /** Message i (0-based; its id is i + 1): the same every time. */
  message(i: number): GeneratedMessage {
    const rng = seeded(seedOf(SEED_TEXT, i));
    const { vocab, words } = this;
    const channel = this.byRank[this.channelSizes.draw(rng)];
    const spec = this.channels[channel];
    // The first members of a channel say the most.
    const sender = spec.members[Math.floor(rng() * rng() * spec.members.length)];
    const at = ((i + rng()) / this.sizes.messages) * SPAN_MS;
    const isFile = rng() < 0.02;
    const hasUrl = rng() < 0.01;
    const isCjk = rng() < 0.005;
    const secret = !spec.readable && rng() < this.privateOnlyChance;
    let parts: string[];
    if (isFile) parts = rng() < 0.5 ? [] : latinWords(rng, vocab, words, 2 + Math.floor(rng() * 7));
    else parts = latinWords(rng, vocab, words, messageLength(rng));
    if (isCjk) {
      // Half of it CJK alone, the rest with Latin words around or inside it.
      const mixed = rng() < 0.5;
      const sentence = cjkSentence(rng, cjkLanguage(rng), mixed ? () => vocab[words.draw(rng)] : undefined);
      parts = mixed ? [...parts.slice(0, Math.floor(rng() * 4)), sentence] : [sentence];
    }
    const insert = (w: string) => parts.splice(Math.floor(rng() * (parts.length + 1)), 0, w);
    if (hasUrl) insert(`https://docs.${vocab[words.draw(rng)]}.example.com/${vocab[words.draw(rng)]}/${1 + Math.floor(rng() * 999)}`);
    if (secret) insert(PRIVATE_ONLY_WORD);
    const file = isFile
      ? { fileUrl: `/api/files/${hex(rng, 8)}-${hex(rng, 4)}-4${hex(rng, 3)}-8${hex(rng, 3)}-${hex(rng, 12)}`, fileName: `${vocab[50 + Math.floor(rng() * 2000)]}-${vocab[words.draw(rng)]}.${FILE_EXT[Math.floor(rng() * FILE_EXT.length)]}` }
      : { fileUrl: null, fileName: null };
    return { channel, sender, content: parts.join(" "), type: isFile ? "file" : "text", ...file, at };
  }

  /** The word at rank r (1-based), clamped to the vocabulary. */
  word(rank: number): string {
    return this.vocab[Math.max(0, Math.min(this.vocab.length - 1, rank - 1))];
  }
}
