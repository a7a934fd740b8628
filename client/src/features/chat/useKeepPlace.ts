import { useCallback, useLayoutEffect, useRef, type RefObject } from "react";
import type { ChatMessage } from "@shared/entities";

/**
 * Keeps the reader's place when an older page is prepended above it, in a paged message list (a
 * channel's or a thread's): `remember` just before asking for the page; once the first item
 * changes, the scroll moves by what was added above.
 */
export function useKeepPlace(scrollRef: RefObject<HTMLDivElement | null>, items: readonly ChatMessage[], loadingOlder: boolean) {
  const anchor = useRef<{ height: number; top: number; firstId: number } | null>(null);

  useLayoutEffect(() => {
    const a = anchor.current;
    const el = scrollRef.current;
    if (!a || !el) return;
    if (items.length && items[0].id !== a.firstId) {
      el.scrollTop = a.top + (el.scrollHeight - a.height);
      anchor.current = null;
    } else if (!loadingOlder) {
      anchor.current = null;
    }
  }, [items, loadingOlder, scrollRef]);

  return useCallback(() => {
    const el = scrollRef.current;
    if (!el || !items.length) return false;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop, firstId: items[0].id };
    return true;
  }, [items, scrollRef]);
}
