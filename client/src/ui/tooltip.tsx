import { useCallback, useLayoutEffect, useRef, type ReactNode } from "react";
import { Slot } from "@radix-ui/react-slot";
import { TooltipLayer } from "./TooltipLayer";
import { tooltips, type TooltipSide } from "./tooltipStore";

/** The app's one tooltip (tooltipStore.ts), shown for every SimpleTooltip below it. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <TooltipLayer />
    </>
  );
}

/**
 * A label on an icon button, shown on hover and keyboard focus. It renders no component of its own
 * around the button: the button only registers its label, and the page's one TooltipLayer shows it.
 */
export function SimpleTooltip({
  label,
  children,
  side = "top",
  hidden,
}: {
  label: ReactNode;
  children: ReactNode;
  side?: TooltipSide;
  hidden?: boolean;
}) {
  const el = useRef<Element | null>(null);
  const attach = useCallback((node: Element | null) => {
    if (el.current && el.current !== node) tooltips.unregister(el.current);
    el.current = node;
  }, []);
  // Every render: an open tooltip follows its label (a reaction's names change while it shows).
  useLayoutEffect(() => {
    if (el.current) tooltips.register(el.current, { label, side, hidden });
  });
  return (
    <Slot ref={attach} data-tooltip="">
      {children}
    </Slot>
  );
}
