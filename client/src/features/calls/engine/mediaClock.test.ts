import { describe, expect, it } from "vitest";
import { createAudioLine, createCaptureClock, createPacer, createTrackTime } from "./mediaClock";

describe("createCaptureClock", () => {
  it("maps a source's stamps onto the page's clock by the shortest delivery seen", () => {
    const clock = createCaptureClock();
    // The source's clock is 1,000 s ahead of the page's; delivery takes 2-5 ms.
    expect(clock.toLocal(1_000_000_000, 5_000)).toBe(5_000);
    expect(clock.toLocal(1_000_066_000, 68_000)).toBe(68_000);
    // Once a 2 ms delivery was seen, every stamp maps with it, the earlier ones' included.
    expect(clock.toLocal(1_000_133_000, 135_000)).toBe(135_000);
    expect(clock.toLocal(1_000_200_000, 205_000)).toBe(202_000);
  });

  it("keeps a picture's capture time when the page read it late", () => {
    const clock = createCaptureClock();
    clock.toLocal(50_000_000, 1_000_000);
    // Read 600 ms late (a busy page): still mapped to when it was taken.
    expect(clock.toLocal(50_500_000, 2_100_000)).toBe(1_500_000);
    // The pictures queued behind it come out in their own order and spacing.
    expect(clock.toLocal(50_566_000, 2_101_000)).toBe(1_566_000);
    expect(clock.toLocal(50_633_000, 2_102_000)).toBe(1_633_000);
  });

  it("follows a source clock that drifts, by forgetting minima older than its window", () => {
    const clock = createCaptureClock(5_000_000);
    clock.toLocal(0, 1_000);
    // 30 s later the source runs 3 ms slow against the page (the shortest delivery now reads 4 ms).
    let last = 0;
    for (let t = 1_000_000; t <= 30_000_000; t += 100_000) last = clock.toLocal(t - 3_000, t + 1_000);
    expect(last).toBe(30_001_000);
  });
});

describe("createPacer", () => {
  it("lets through at most fps frames a second by capture time", () => {
    const pacer = createPacer(15);
    const passed = [0, 20_000, 40_000, 66_667, 100_000, 133_333, 150_000, 200_000].filter((t) => pacer.due(t));
    expect(passed).toEqual([0, 66_667, 133_333, 200_000]);
  });

  it("does not halve a camera of the same rate for a little jitter", () => {
    const pacer = createPacer(15);
    const times = Array.from({ length: 30 }, (_, i) => Math.round(i * 66_667 + (i % 2 ? -6_000 : 6_000)));
    expect(times.filter((t) => pacer.due(t))).toHaveLength(30);
  });

  it("never goes back in time", () => {
    const pacer = createPacer(15);
    expect(pacer.due(1_000_000)).toBe(true);
    expect(pacer.due(900_000)).toBe(false);
    expect(pacer.last()).toBe(1_000_000);
  });
});

describe("createTrackTime", () => {
  it("counts from the recording's start and drops what was captured before it", () => {
    const time = createTrackTime(10_000_000);
    expect(time(9_990_000)).toBeNull();
    expect(time(10_000_000)).toBe(0);
    expect(time(10_066_666.6)).toBe(66_667);
  });

  it("stays strictly increasing when the clock estimate moves back a little", () => {
    const time = createTrackTime(0);
    expect(time(20_000)).toBe(20_000);
    expect(time(19_000)).toBe(20_001);
    expect(time(30_000)).toBe(30_000);
  });
});

describe("createAudioLine", () => {
  const TEN_MS = 480; // samples at 48 kHz

  it("takes pieces back to back, and puts silence where sound was lost", () => {
    const line = createAudioLine(48_000);
    expect(line.place(0, TEN_MS)).toEqual({ silence: 0, keep: true });
    expect(line.place(10_000, TEN_MS)).toEqual({ silence: 0, keep: true });
    // A little early or late: still back to back.
    expect(line.place(25_000, TEN_MS)).toEqual({ silence: 0, keep: true });
    // 300 ms of sound lost while the page was busy: as much silence, starting where sound stopped.
    expect(line.place(330_000, TEN_MS)).toEqual({ silence: 300 * 48, keep: true });
    expect(line.silenceAt(0)).toBe(30_000);
    expect(line.silenceAt(48)).toBe(31_000);
    expect(line.place(340_000, TEN_MS)).toEqual({ silence: 0, keep: true });
  });

  it("leaves out sound that would overlap what is already in", () => {
    const line = createAudioLine(48_000);
    line.place(0, TEN_MS);
    line.place(10_000, TEN_MS);
    line.place(20_000, TEN_MS);
    expect(line.place(-20_000, TEN_MS)).toEqual({ silence: 0, keep: false });
    expect(line.place(30_000, TEN_MS)).toEqual({ silence: 0, keep: true });
  });

  it("corrects a drifting source clock in small steps", () => {
    const line = createAudioLine(48_000, 20_000);
    // The source delivers 10 ms of samples every 10.1 ms of the page's clock (1% slow).
    let silence = 0;
    for (let i = 0; i < 1000; i++) silence += line.place(i * 10_100, TEN_MS).silence;
    // 10 s of pieces drifted 100 ms: filled with silence, never more than 20 ms behind.
    expect(silence / 48).toBeGreaterThan(75);
    expect(silence / 48).toBeLessThanOrEqual(100);
  });
});
