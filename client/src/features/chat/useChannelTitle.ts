import type { Channel } from "@shared/entities";
import { useSessionStore } from "../auth/store";
import { channelTitle } from "./channelTitle";
import { usePeopleByEmail } from "./usePeopleByEmail";

export function useChannelTitle(channel: Pick<Channel, "type" | "name" | "members">): string {
  const me = useSessionStore((s) => s.user?.email);
  return channelTitle(channel, me, usePeopleByEmail());
}
