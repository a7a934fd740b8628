// When each step of the current call happened (epoch ms), for diagnosing slow call set-up. One per
// engine (./index hands the same one to the SFU connection), reset when a call starts.
export class CallTimeline {
  private events: { event: string; at: number }[] = [];

  mark(event: string): void {
    this.events.push({ event, at: Date.now() });
    if (this.events.length > 200) this.events.shift();
  }

  list(): { event: string; at: number }[] {
    return this.events.slice();
  }

  reset(): void {
    this.events = [];
  }
}
