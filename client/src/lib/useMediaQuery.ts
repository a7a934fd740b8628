import { useSyncExternalStore } from "react";
import { LIMITS } from "@shared/constants";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener("change", notify);
      return () => mql.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx - 1}px)`);
}
