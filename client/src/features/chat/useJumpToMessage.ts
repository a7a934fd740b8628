// Opening a message from a search result (/Chat?channel=&message=, docs/search.md): load older
// pages of the channel until the message is among them (the way "Load older" does), scroll it to
// the middle and mark it for a few seconds.
import { useEffect, useRef, useState, type RefObject } from "react";
import { useSearchParams } from "react-router-dom";
import type { Virtualizer } from "@tanstack/react-virtual";
import type { ChatMessage } from "@shared/entities";
import { loadOlder } from "./loading";
import { toast } from "../../ui/notifications";

const MARK_MS = 4000;

interface ChannelEntry {
  items: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  status: string;
}

/** The id of the message to mark now, or null. `pinned` is the list's follow-the-bottom flag, let go while jumping. */
export function useJumpToMessage(
  channelId: number,
  entry: ChannelEntry | undefined,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  pinned: RefObject<boolean>,
): number | null {
  const [params] = useSearchParams();
  const target = Number(params.get("message")) || null;
  const done = useRef<number | null>(null);
  const [marked, setMarked] = useState<number | null>(null);

  // The reader came for an older message: do not follow the bottom while it is being found.
  if (target != null && done.current !== target) pinned.current = false;

  useEffect(() => {
    if (target == null || done.current === target || entry?.status !== "ready") return;
    const index = entry.items.findIndex((m) => m.id === target);
    if (index >= 0) {
      done.current = target;
      pinned.current = false;
      // After the rows just added are laid out.
      requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: "center" }));
      setMarked(target);
      return;
    }
    const oldest = entry.items[0]?.id;
    if (entry.hasOlder && oldest != null && oldest > target) {
      if (!entry.loadingOlder) void loadOlder(channelId);
      return;
    }
    done.current = target;
    toast({ title: "That message is no longer in this channel." });
  }, [target, entry, channelId, virtualizer, pinned]);

  useEffect(() => {
    if (marked == null) return;
    const timer = setTimeout(() => setMarked(null), MARK_MS);
    return () => clearTimeout(timer);
  }, [marked]);

  return marked;
}
