import type { Channel, PublicUser } from "@shared/entities";

/**
 * What a channel is called on this screen: its name, or for a dm the other person's name (the
 * stored name holds both people's, for clients that know nobody). Until the people are loaded,
 * the stored name.
 */
export function channelTitle(channel: Pick<Channel, "type" | "name" | "members">, me: string | undefined, people: ReadonlyMap<string, PublicUser>): string {
  if (channel.type !== "dm" || !me) return channel.name;
  const others = channel.members.filter((m) => m.toLowerCase() !== me.toLowerCase());
  const names = others.map((m) => people.get(m.toLowerCase())?.full_name);
  return names.length > 0 && names.every(Boolean) ? names.join(", ") : channel.name;
}
