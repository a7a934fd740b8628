// When each step of the current call happened (epoch ms), for diagnosing slow call set-up.
let timeline: { event: string; at: number }[] = [];

export function mark(event: string): void {
  timeline.push({ event, at: Date.now() });
  if (timeline.length > 200) timeline.shift();
}

export function callTimeline(): { event: string; at: number }[] {
  return timeline.slice();
}

export function resetTimeline(): void {
  timeline = [];
}
