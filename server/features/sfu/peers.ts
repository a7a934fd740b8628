// A participant's two Janus handles on this node (docs/calls.md): the
// publisher (their camera and microphone going up) and one multistream subscriber (everyone
// else's streams coming down). Janus's offers for the subscriber are pushed to the browser as
// `sfu.offer` and answered with `sfu.answer`; changes to the subscription are queued so that
// one offer is answered before the next is made.
import type { AppContext } from "../../context";
import type { SfuOffer } from "@shared/realtime";
import { VideoRoom, type JanusLink } from "./janus";
import type { Jsep, JanusStream, VideoRoomHandle } from "janode/plugins/videoroom";

// A busy browser may take a while; past this the next change goes ahead without its answer.
const ANSWER_TIMEOUT_MS = 30_000;

export class SfuPeer {
  publisher: VideoRoomHandle | null = null;
  subscriber: VideoRoomHandle | null = null;
  streams: JanusStream[] = [];
  closed = false;
  private subscribed = new Set<number>();
  private queue: Promise<void> = Promise.resolve();
  private answered: (() => void) | null = null;

  constructor(
    readonly ctx: AppContext,
    readonly link: JanusLink,
    readonly callId: string,
    readonly room: number,
    readonly userId: number,
  ) {}

  /** Runs subscriber changes one after another; a failure is logged, not thrown at the next. */
  private enqueue(job: () => Promise<void>): Promise<void> {
    const next = this.queue.then(async () => {
      if (!this.closed) await job();
    });
    this.queue = next.catch((err) => this.ctx.log.warn({ err, call: this.callId, user: this.userId }, "SFU subscription change failed"));
    return this.queue;
  }

  /** Subscribes to these publishers (feed = user id) that are not subscribed yet. */
  subscribe(feeds: number[]): Promise<void> {
    return this.enqueue(async () => {
      const fresh = [...new Set(feeds)].filter((f) => f !== this.userId && !this.subscribed.has(f));
      if (!fresh.length) return;
      for (const f of fresh) this.subscribed.add(f);
      const streams = fresh.map((feed) => ({ feed }));
      if (!this.subscriber) {
        this.subscriber = await this.link.session.attach(VideoRoom);
        this.subscriber.on(VideoRoom.EVENT.VIDEOROOM_UPDATED, (evt: { jsep?: Jsep; streams?: JanusStream[] }) => {
          // Janus renegotiates by itself when a publisher it sends us goes away (autoupdate).
          if (evt.jsep) void this.enqueue(() => this.offer(evt.jsep!, evt.streams));
        });
        const res = await this.subscriber.joinSubscriber({ room: this.room, streams, autoupdate: true });
        if (res.jsep) await this.offer(res.jsep, res.streams);
        return;
      }
      const res = await this.subscriber.update({ subscribe: streams });
      if (res.jsep) await this.offer(res.jsep, res.streams);
    });
  }

  /** A publisher left: forget it, so that coming back subscribes again. */
  forget(feed: number): void {
    this.subscribed.delete(feed);
  }

  /** Pushes Janus's offer to the user's browser and waits for its answer (sfu.answer). */
  private async offer(jsep: Jsep, streams: JanusStream[] | undefined): Promise<void> {
    if (streams) this.streams = streams;
    const offer: SfuOffer = {
      call_id: this.callId,
      jsep: { type: "offer", sdp: jsep.sdp },
      streams: this.streams
        .filter((s) => s.active !== false && (s.type === "audio" || s.type === "video") && typeof s.feed_id === "number")
        .map((s) => ({ mid: s.mid, user_id: s.feed_id!, kind: s.type as "audio" | "video" })),
    };
    const answered = new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error("no answer to the SFU offer")), ANSWER_TIMEOUT_MS);
      this.answered = () => {
        clearTimeout(t);
        resolve();
      };
    });
    this.ctx.realtime?.toUsers([this.userId], "sfu.offer", offer);
    await answered;
  }

  async answer(jsep: Jsep): Promise<void> {
    if (!this.subscriber) throw new Error("Nothing was offered");
    await this.subscriber.start({ jsep });
    const done = this.answered;
    this.answered = null;
    done?.();
  }

  /** The Janus mid carrying this person's video in our subscription. */
  videoMid(userId: number): string | undefined {
    return this.streams.find((s) => s.type === "video" && s.feed_id === userId && s.active !== false)?.mid;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const done = this.answered;
    this.answered = null;
    done?.();
    await Promise.all([this.publisher?.detach().catch(() => {}), this.subscriber?.detach().catch(() => {})]);
  }
}
