// `npm run bench:upload`: uploads 1 GB to a real server (multipart, streamed from a generator,
// never held in memory here either), downloads it back with and without Range, and prints how
// much the server's resident memory grew. Uploads stream to storage, so the growth must stay far
// below the file size (the target is under 100 MB). SIZE_MB changes the size.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { root, spawnServer } from "./lib/servers";

const SIZE = Number(process.env.SIZE_MB ?? 1024) * 1024 * 1024;
const CHUNK = 1024 * 1024;
const MB = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Samples the server's RSS every 100 ms while `work` runs; returns the peak. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  try {
    const result = await work();
    peak = Math.max(peak, rssOf(pid));
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/** The same pseudo-random 1 MiB block repeated, offset by its index so the file is not trivially compressible. */
const BLOCK = crypto.randomBytes(CHUNK);

function upload(url: string, token: string): Promise<{ status: number; body: string; sha: string; seconds: number }> {
  const boundary = `----bench${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="upload_type"\r\n\r\nfile_library\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = crypto.createHash("sha256");
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/files`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(head.length + SIZE + tail.length),
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sha: hash.digest("hex"), seconds: (Date.now() - started) / 1000 }));
    });
    let sent = 0;
    req.write(head);
    const pump = () => {
      while (sent < SIZE) {
        const n = Math.min(CHUNK, SIZE - sent);
        const chunk = n === CHUNK ? BLOCK : BLOCK.subarray(0, n);
        hash.update(chunk);
        sent += n;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end(tail);
    };
    pump();
  });
}

function download(url: string, token: string, range?: string): Promise<{ status: number; bytes: number; sha: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Authorization: `Bearer ${token}`, ...(range ? { Range: range } : {}) } }, (res) => {
      const hash = crypto.createHash("sha256");
      let bytes = 0;
      res.on("data", (d: Buffer) => {
        bytes += d.length;
        hash.update(d);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, sha: hash.digest("hex"), seconds: (Date.now() - started) / 1000 }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-upload-"));
const server = await spawnServer(path.join(root, "server/index.ts"), { DATA_DIR: dataDir, MAX_UPLOAD_MB: String(Math.ceil(SIZE / 1024 / 1024) + 16) });
try {
  const pid = server.proc.pid!;
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "jordan.lee@example.com", password: "demo1234" }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  await new Promise((r) => setTimeout(r, 1000));
  const baseline = rssOf(pid);
  console.log(`server RSS before: ${MB(baseline)}; file: ${MB(SIZE)}`);

  const up = await peakDuring(pid, () => upload(server.url, accessToken));
  if (up.result.status !== 201) throw new Error(`upload failed: ${up.result.status} ${up.result.body}`);
  const stored = JSON.parse(up.result.body) as { file_url: string; checksum_sha256: string; size_bytes: number };
  console.log(
    `upload:   ${up.result.seconds.toFixed(1)} s (${MB(SIZE / up.result.seconds)}/s), peak RSS ${MB(up.peak)}, growth ${MB(up.peak - baseline)}; ` +
      `stored ${stored.size_bytes} bytes, checksum ${stored.checksum_sha256 === up.result.sha ? "matches" : "DIFFERS"}`,
  );

  const down = await peakDuring(pid, () => download(`${server.url}${stored.file_url}?download=1`, accessToken));
  console.log(
    `download: ${down.result.seconds.toFixed(1)} s (${MB(down.result.bytes / down.result.seconds)}/s), peak RSS ${MB(down.peak)}, growth ${MB(down.peak - baseline)}; ` +
      `${down.result.bytes} bytes, checksum ${down.result.sha === up.result.sha ? "matches" : "DIFFERS"}`,
  );
  const part = await download(`${server.url}${stored.file_url}`, accessToken, `bytes=${SIZE - 1000}-`);
  console.log(`range:    status ${part.status}, ${part.bytes} bytes`);

  const growth = Math.max(up.peak, down.peak) - baseline;
  console.log(`RESULT server RSS growth ${MB(growth)} for a ${MB(SIZE)} file: ${growth < 100 * 1024 * 1024 ? "under" : "OVER"} the 100 MB target`);
  if (growth >= 100 * 1024 * 1024 || stored.checksum_sha256 !== up.result.sha || down.result.sha !== up.result.sha) process.exitCode = 1;
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
