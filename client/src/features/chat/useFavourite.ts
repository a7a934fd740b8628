// Whether a channel is in one's Favourites, and the toggle (docs/channels.md, "Sidebar"):
// the star in the header and the channel menu's Favourite / Unfavourite share it.
import type { Channel } from "@shared/entities";
import { useMoveChannel, useSidebarSections } from "./sidebarSections";
import { homeOf } from "./sidebarOrder";

export function useFavourite(channel: Pick<Channel, "id" | "type">) {
  const { data: sections } = useSidebarSections();
  const move = useMoveChannel();
  const favourites = sections?.find((s) => s.kind === "favourites");
  const favourite = !!favourites?.channel_ids.includes(channel.id);
  const toggle = () => {
    if (!sections || !favourites) return;
    const to = favourite ? homeOf(sections, channel) : favourites;
    if (to) move.mutate({ channel_id: channel.id, section_id: to.id });
  };
  return { favourite, toggle, ready: !!favourites };
}
