import { expect, test, type Page, type WebSocketRoute } from "@playwright/test";
import { CALL_LAUNCH_OPTIONS, acceptIncoming, callFromDirectory, dumpCallState, expectRemoteVideoPlaying, expectStatus, hangUpIfInCall, person } from "./calls-helpers";
import { fakeMediaArgs, flashBeepMedia } from "./fake-media";

// A one-to-one call grows to five people: past CALL_MESH_MAX (4) it moves to the SFU (Janus,
// started by scripts/e2e.mjs) by itself, and the two who started it keep their camera and see
// everyone, without rejoining. B never gets the calls.update that says so (its socket loses it,
// then drops): B learns of the move from the server when A's direct connection closes, and
// reads the call again when its socket is back, instead of ending the call.
test.use({
  launchOptions: { ...CALL_LAUNCH_OPTIONS, args: [...CALL_LAUNCH_OPTIONS.args, ...fakeMediaArgs(flashBeepMedia())] },
  actionTimeout: 60_000,
  viewport: { width: 1100, height: 700 },
});

const media = (page: Page) => page.evaluate(() => window.__calls?.state().media);
const cameraTrackId = (page: Page) => page.evaluate(() => window.__calls?.localStream()?.getVideoTracks()[0]?.id ?? null);

test("a one-to-one call that grows to five moves to the SFU and everyone keeps their picture", async ({ browser }) => {
  test.skip(!process.env.JANUS_URL, "no Janus on this machine");
  test.setTimeout(300_000);
  const emails = ["maria.garcia@example.com", "noah.kim@example.com", "olivia.chen@example.com", "lucas.silva@example.com", "mia.rossi@example.com"];
  const people = await Promise.all(emails.map((e) => person(browser, e)));
  const [a, b, ...added] = people;
  // B's socket goes through a relay that can lose calls.update pushes and drop the connection.
  let losing = false;
  const bSockets: WebSocketRoute[] = [];
  await b.page.routeWebSocket(/\/socket\.io\//, (ws) => {
    bSockets.push(ws);
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (losing && typeof m === "string" && m.includes('"calls.update"')) return;
      ws.send(m);
    });
  });
  await b.page.reload();
  await expect.poll(() => b.page.evaluate(() => !!window.__calls), { timeout: 60_000 }).toBe(true);
  try {
    await callFromDirectory(a.page, b.name);
    await acceptIncoming(b.page, a.name);
    for (const p of [a, b]) await expectStatus(p.page, "connected", 60_000);
    await expectRemoteVideoPlaying(a.page, 1, 60_000);
    expect(await media(a.page)).toBe("mesh");
    const cameraA = await cameraTrackId(a.page);
    const cameraB = await cameraTrackId(b.page);

    // A adds three people: five in all, more than the mesh holds. B misses the push that says so.
    losing = true;
    await a.page.getByRole("button", { name: "Add people" }).click();
    const dialog = a.page.getByRole("dialog", { name: "Add people to the call" });
    for (const p of added) await dialog.getByRole("checkbox", { name: `Add ${p.name}` }).check();
    await dialog.getByRole("button", { name: "Add 3" }).click();
    for (const p of added) await acceptIncoming(p.page, a.name);
    for (const p of [a, ...added]) await expect.poll(() => media(p.page), { timeout: 60_000 }).toBe("sfu");
    // B's connection drops; the socket reconnects by itself, through the relay, losing nothing more.
    losing = false;
    for (const ws of bSockets.splice(0)) await ws.close();
    // The server let go of B's SFU handles with the old socket: B publishes again once it is back.
    const timeline = () => b.page.evaluate(() => window.__calls!.timeline().map((m) => m.event));
    const resumed = (events: string[]) => events.includes("sfu resume") && events.lastIndexOf("sfu pub connected") > events.indexOf("sfu resume");
    await expect.poll(async () => resumed(await timeline()), { timeout: 60_000 }).toBe(true);

    for (const p of people) await expect.poll(() => media(p.page), { timeout: 60_000 }).toBe("sfu");
    for (const p of people) await expectRemoteVideoPlaying(p.page, 4, 120_000);
    // The two who started the call kept their camera (no new capture, nobody rejoined).
    expect(await cameraTrackId(a.page)).toBe(cameraA);
    expect(await cameraTrackId(b.page)).toBe(cameraB);
    for (const p of people) expect(await p.page.evaluate(() => window.__calls!.state().status)).toBe("connected");
  } catch (err) {
    await dumpCallState(Object.fromEntries(people.map((p) => [p.name, p.page])));
    throw err;
  } finally {
    for (const p of people) await hangUpIfInCall(p.page);
    for (const p of people) await p.context.close();
  }
});
