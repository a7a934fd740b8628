// The slice of janode (Meetecho's Janus client, plain JavaScript) that the SFU driver uses.
declare module "janode" {
  import type { EventEmitter } from "node:events";
  export interface JanodeConnection extends EventEmitter {
    create(keepaliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }
  export interface JanodeSession extends EventEmitter {
    attach<H>(plugin: { id: string; Handle: new (...a: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }
  const Janode: {
    connect(config: { address: { url: string; apisecret?: string }; retry_time_secs?: number; max_retries?: number }): Promise<JanodeConnection>;
    Logger: { setLevel(level: "none" | "error" | "warning" | "info" | "verbose" | "debug"): string };
    EVENT: { CONNECTION_CLOSED: string; CONNECTION_ERROR: string; SESSION_DESTROYED: string; HANDLE_DETACHED: string; HANDLE_HANGUP: string; HANDLE_WEBRTCUP: string };
  };
  export default Janode;
}

declare module "janode/plugins/videoroom" {
  import type { EventEmitter } from "node:events";
  export interface Jsep {
    type: "offer" | "answer";
    sdp: string;
  }
  export interface JanusStream {
    type: "audio" | "video" | "data";
    mid: string;
    feed_id?: number;
    feed_mid?: string;
    active?: boolean;
    [k: string]: unknown;
  }
  export interface Publisher {
    feed: number;
    display?: string;
    streams?: JanusStream[];
  }
  export interface VideoRoomHandle extends EventEmitter {
    feed: number | null;
    detach(): Promise<void>;
    trickle(candidate: object): Promise<void>;
    trickleComplete(): Promise<void>;
    create(p: Record<string, unknown>): Promise<unknown>;
    destroy(p: { room: number }): Promise<unknown>;
    kick(p: { room: number; feed: number }): Promise<unknown>;
    exists(p: { room: number }): Promise<{ exists: boolean }>;
    joinConfigurePublisher(p: Record<string, unknown>): Promise<{ feed: number; publishers: Publisher[]; jsep?: Jsep }>;
    configure(p: Record<string, unknown>): Promise<{ jsep?: Jsep; streams?: JanusStream[] }>;
    joinSubscriber(p: Record<string, unknown>): Promise<{ streams?: JanusStream[]; jsep?: Jsep }>;
    update(p: { subscribe?: object[]; unsubscribe?: object[] }): Promise<{ streams?: JanusStream[]; jsep?: Jsep }>;
    start(p: { jsep: Jsep }): Promise<unknown>;
    leave(): Promise<unknown>;
    enable_recording(p: { room: number; record: boolean }): Promise<{ record: boolean }>;
    /** A raw plugin request (e.g. VideoRoom `edit`); rejects on the plugin's error. */
    message(body: Record<string, unknown>): Promise<unknown>;
  }
  const VideoRoom: {
    id: string;
    Handle: new (...a: never[]) => VideoRoomHandle;
    EVENT: Record<
      | "VIDEOROOM_PUB_LIST"
      | "VIDEOROOM_PUB_PEER_JOINED"
      | "VIDEOROOM_UNPUBLISHED"
      | "VIDEOROOM_LEAVING"
      | "VIDEOROOM_KICKED"
      | "VIDEOROOM_TALKING"
      | "VIDEOROOM_UPDATED"
      | "VIDEOROOM_ERROR",
      string
    >;
  };
  export default VideoRoom;
}
