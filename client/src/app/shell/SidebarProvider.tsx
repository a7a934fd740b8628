import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { LIMITS } from "@shared/constants";
import { readCookie, writeCookie } from "../../lib/cookies";
import { useIsMobile } from "../../lib/useMediaQuery";
import { useUiStore } from "./uiStore";
import { SIDEBAR_COOKIE, SidebarContext } from "./sidebarContext";

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => readCookie(SIDEBAR_COOKIE) !== "false");
  const openMobile = useUiStore((s) => s.mobileNavOpen);
  const setOpenMobile = useUiStore((s) => s.setMobileNavOpen);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    // A cookie rather than local storage so the server could render the right width one day.
    writeCookie(SIDEBAR_COOKIE, String(value), LIMITS.sidebarCookieSeconds);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile(!useUiStore.getState().mobileNavOpen);
    else setOpen(!open);
  }, [isMobile, open, setOpen, setOpenMobile]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "b" && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const value = useMemo(
    () => ({ open, setOpen, isMobile, openMobile, setOpenMobile, toggle }),
    [open, setOpen, isMobile, openMobile, setOpenMobile, toggle],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}
