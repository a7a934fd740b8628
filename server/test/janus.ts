// Starts Debian's Janus for a test: its own config directory (a temp dir), its WebSocket API on a
// free loopback port, its own block of RTP ports, no STUN/TURN (nothing leaves the machine), and
// only the VideoRoom plugin and the WebSocket transport loaded. libnice never offers loopback
// candidates, so media use the host's own IPv4 address, as Chromium's mesh calls in the e2e tests
// do. Stopped (SIGTERM, then SIGKILL) by the returned stop().
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const JANUS_BIN = process.env.JANUS_BIN ?? "/usr/bin/janus";
const LIB = process.env.JANUS_LIB_DIR ?? "/usr/lib/x86_64-linux-gnu/janus";

export interface RunningJanus {
  url: string;
  pid: number;
  dir: string;
  recDir: string;
  stop: () => Promise<void>;
}

export const janusAvailable = () => fs.existsSync(JANUS_BIN) && fs.existsSync(path.join(LIB, "plugins", "libjanus_videoroom.so"));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

const OTHER_PLUGINS = ["audiobridge", "duktape", "echotest", "lua", "nosip", "recordplay", "sip", "streaming", "textroom", "videocall", "voicemail"];
const OTHER_TRANSPORTS = ["http", "mqtt", "nanomsg", "pfunix", "rabbitmq"];

/** The configuration files (jcfg) for a Janus bound to loopback. */
export function janusConfig(opts: { wsPort: number; rtpFrom: number; rtpTo: number; recDir: string; dir: string }): Record<string, string> {
  return {
    "janus.jcfg": `general: {
  configs_folder = "${opts.dir}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = 3
  session_timeout = 60
}
media: {
  ipv6 = false
  rtp_port_range = "${opts.rtpFrom}-${opts.rtpTo}"
}
nat: {
  nice_debug = false
}
plugins: {
  disable = "${OTHER_PLUGINS.map((p) => `libjanus_${p}.so`).join(",")}"
}
transports: {
  disable = "${OTHER_TRANSPORTS.map((t) => `libjanus_${t}.so`).join(",")}"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
}
`,
    "janus.transport.websockets.jcfg": `general: {
  json = "plain"
  ws = true
  ws_port = ${opts.wsPort}
  ws_ip = "127.0.0.1"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
`,
    "janus.plugin.videoroom.jcfg": `general: {
  string_ids = false
}
`,
  };
}

export async function startJanus(): Promise<RunningJanus> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-janus-"));
  const recDir = path.join(dir, "rec");
  fs.mkdirSync(recDir);
  const wsPort = await freePort();
  // A block of RTP ports of our own, away from other test runs' (they pick theirs the same way).
  const rtpFrom = 20000 + (process.pid % 200) * 100;
  for (const [name, text] of Object.entries(janusConfig({ wsPort, rtpFrom, rtpTo: rtpFrom + 99, recDir, dir }))) {
    fs.writeFileSync(path.join(dir, name), text);
  }
  const log = fs.openSync(path.join(dir, "janus.log"), "w");
  const child: ChildProcess = spawn(JANUS_BIN, ["-F", dir, "-C", path.join(dir, "janus.jcfg"), "-o"], { stdio: ["ignore", log, log] });
  const url = `ws://127.0.0.1:${wsPort}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`janus exited: ${fs.readFileSync(path.join(dir, "janus.log"), "utf8").slice(-2000)}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(wsPort, "127.0.0.1", () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("janus did not open its WebSocket port");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    dir,
    recDir,
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 3000);
      await gone;
      clearTimeout(t);
    },
  };
}
