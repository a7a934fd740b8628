// The client build a node announces in `session.ready` (docs/protocol.md, "Connect and authenticate").
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it, expect, afterEach, vi } from "vitest";
import { clientBuild } from "./build";

describe("clientBuild", () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "ts-build-"));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    vi.useRealTimers();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("is null without a build, or with a build.json that holds no id", () => {
    const d = dir();
    expect(clientBuild(d)()).toBeNull();
    fs.writeFileSync(path.join(d, "build.json"), "not json");
    expect(clientBuild(d)()).toBeNull();
    fs.writeFileSync(path.join(d, "build.json"), JSON.stringify({ id: 7 }));
    expect(clientBuild(d)()).toBeNull();
  });

  it("reads the id, and a client rebuilt under the running server after a while", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const d = dir();
    fs.writeFileSync(path.join(d, "build.json"), JSON.stringify({ id: "one" }));
    const build = clientBuild(d);
    expect(build()).toBe("one");
    fs.writeFileSync(path.join(d, "build.json"), JSON.stringify({ id: "two" }));
    expect(build()).toBe("one"); // no file read per handshake
    vi.setSystemTime(Date.now() + 10_000);
    build();
    await vi.waitFor(() => expect(build()).toBe("two"));
  });
});
