// Where a Janus recording's media begins (mjr.ts, mediaStartUs; docs/calls.md, "Recording"), over .mjr
// files written here byte for byte as Janus writes them: "MJR00002", a 16-bit length and the JSON
// header, then per packet "MEET", its arrival (uint32 ms after the first packet), a uint16 length
// and the RTP packet. Each packet is captured at a known instant and arrives after a known delay.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { listMjr, mediaStartUs } from "./mjr";

/** The media's true start (µs since the epoch): when the packet with RTP time `base` was captured. */
const T = 1_795_523_399_296_000;

interface Packet {
  /** When it was captured, ms after T; its RTP time follows from it. */
  capturedMs: number;
  /** How long it took to reach Janus (ms). */
  delayMs: number;
  size?: number;
  /** Its RTP time (ms after `base`) where the sender's differs from when it was captured. */
  rtpMs?: number;
}

function rtp(ts: number, seq: number, size: number): Buffer {
  const p = Buffer.alloc(12 + size, 0xab);
  p[0] = 0x80;
  p[1] = 96;
  p.writeUInt16BE(seq & 0xffff, 2);
  p.writeUInt32BE(ts >>> 0, 4);
  p.writeUInt32BE(0x1234, 8);
  return p;
}

/** Writes the packets in the order given, as Janus would have on their arrival. */
function writeMjr(file: string, kind: "audio" | "video", base: number, packets: Packet[], extra: Buffer[] = []): number {
  const clock = kind === "audio" ? 48 : 90;
  const first = packets[0];
  const u = T + (first.capturedMs + first.delayMs) * 1000;
  const header = Buffer.from(JSON.stringify({ t: kind === "audio" ? "a" : "v", c: kind === "audio" ? "opus" : "vp8", s: u - 1000, u }));
  const parts: Buffer[] = [Buffer.from("MJR00002", "latin1"), Buffer.alloc(2), header];
  parts[1].writeUInt16BE(header.length);
  packets.forEach((p, i) => {
    const body = rtp(base + Math.round((p.rtpMs ?? p.capturedMs) * clock), i, p.size ?? 100);
    const frame = Buffer.alloc(10);
    frame.write("MEET", 0, "latin1");
    frame.writeUInt32BE(Math.max(0, Math.round(p.capturedMs + p.delayMs - first.capturedMs - first.delayMs)), 4);
    frame.writeUInt16BE(body.length, 8);
    parts.push(frame, body);
  });
  fs.writeFileSync(file, Buffer.concat([...parts, ...extra]));
  return u;
}

describe("the start of a Janus recording's media", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-mjr-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("is placed by the least-delayed packet, not by the first one's arrival", async () => {
    // Opus every 20 ms; the first packet took 40 ms, the quickest 5 ms.
    const packets = Array.from({ length: 100 }, (_, i) => ({ capturedMs: i * 20, delayMs: i === 0 ? 40 : i === 57 ? 5 : 12 + (i % 7) }));
    const file = path.join(dir, "videoroom-1-user-7-1-audio-0.mjr");
    const u = writeMjr(file, "audio", 123_456, packets);
    expect(u).toBe(T + 40_000);
    expect(await mediaStartUs(file, u, "audio")).toBe(T + 5_000);
    // listMjr places the stream there too.
    const [listed] = await listMjr(dir);
    expect(listed).toMatchObject({ file, kind: "audio", userId: 7, firstUs: T + 5_000 });
  });

  it("unwraps 32-bit RTP times and starts at the earliest one when the first packet in is not the earliest", async () => {
    // 15 fps video whose RTP time wraps 0.1 s in; the second picture's packet overtook the first's.
    const packets: Packet[] = Array.from({ length: 60 }, (_, i) => ({ capturedMs: (i * 1000) / 15, delayMs: i === 0 ? 90 : i === 40 ? 8 : 20 }));
    [packets[0], packets[1]] = [packets[1], packets[0]];
    const file = path.join(dir, "wrap.mjr");
    const u = writeMjr(file, "video", 2 ** 32 - 9000, packets);
    // u is the second picture's arrival: 66.7 ms + 20 ms after T.
    expect(Math.round((u - T) / 1000)).toBe(87);
    expect(Math.abs((await mediaStartUs(file, u, "video")) - (T + 8_000))).toBeLessThanOrEqual(1000);
  });

  it("reads a long recording through, whatever the packet straddles, and stops at a half-written last packet", async () => {
    // 3 MB of video: frames cross the 1 MB reads; the quickest packet is near the end.
    const packets = Array.from({ length: 3000 }, (_, i) => ({ capturedMs: i * 10, delayMs: i === 2990 ? 3 : 30, size: 1000 }));
    const file = path.join(dir, "long.mjr");
    const cut = Buffer.concat([Buffer.from("MEET", "latin1"), Buffer.from([0, 0, 0x75, 0x30, 0x03, 0xe8]), Buffer.alloc(20)]);
    const u = writeMjr(file, "video", 5, packets, [cut]);
    expect(await mediaStartUs(file, u, "video")).toBe(T + 3_000);
  });

  it("leaves out the packets after the sender's RTP times jumped", async () => {
    // A publisher looping a 10 s file starts its RTP times again at every loop (back by 10 s, a
    // little before the first packet's), and another jumps 20 s ahead; the quickest packet of the
    // time line itself took 4 ms.
    const packets: Packet[] = Array.from({ length: 200 }, (_, i) => {
      const capturedMs = (i * 1000) / 15;
      const rtpMs = i >= 150 ? capturedMs - 10_067 : capturedMs;
      return { capturedMs, rtpMs, delayMs: i === 0 ? 50 : i === 77 ? 4 : 15 };
    });
    packets[190].rtpMs = packets[190].capturedMs + 20_000;
    const file = path.join(dir, "jumps.mjr");
    const u = writeMjr(file, "video", 77_777, packets);
    expect(Math.abs((await mediaStartUs(file, u, "video")) - (T + 4_000))).toBeLessThanOrEqual(1000);
  });

  it("keeps the first packet's arrival for a file with no RTP packet in it", async () => {
    const file = path.join(dir, "empty.mjr");
    const header = Buffer.from(JSON.stringify({ t: "v", c: "vp8", s: T, u: T + 50 }));
    const len = Buffer.alloc(2);
    len.writeUInt16BE(header.length);
    fs.writeFileSync(file, Buffer.concat([Buffer.from("MJR00002", "latin1"), len, header]));
    expect(await mediaStartUs(file, T + 50, "video")).toBe(T + 50);
  });
});
