import type { ReactNode } from "react";
import { create } from "zustand";
import { LIMITS } from "@shared/constants";

export type TooltipSide = "top" | "right" | "bottom" | "left";

/** What a trigger's tooltip says, and where (docs/benchmarks.md, "Cold load": one tooltip for the whole page). */
export interface TooltipEntry {
  label: ReactNode;
  side: TooltipSide;
  /** Named but not shown (e.g. a sidebar row that shows its label itself while expanded). */
  hidden?: boolean;
}

interface State {
  /** The element whose tooltip is shown, if any, and what it says. */
  trigger: Element | null;
  entry: TooltipEntry | null;
}

/**
 * The one tooltip the page shows. A page of messages has a hundred labelled buttons; a tooltip
 * component for each (with its popper, portal and presence) was a third of the React work of a
 * channel's first render. Triggers only register what they say; TooltipLayer listens to the
 * document and shows this store's entry.
 */
export const useTooltipStore = create<State>(() => ({ trigger: null, entry: null }));

const entries = new WeakMap<Element, TooltipEntry>();
let pending: { el: Element; timer: ReturnType<typeof setTimeout> } | null = null;
let closedAt = Number.NEGATIVE_INFINITY;

function cancelPending(): void {
  if (pending) clearTimeout(pending.timer);
  pending = null;
}

function show(el: Element): void {
  cancelPending();
  const entry = entries.get(el);
  if (!entry || entry.hidden || !el.isConnected) return;
  useTooltipStore.setState({ trigger: el, entry });
}

export const tooltips = {
  /** A trigger says what its tooltip is, on every render: an open tooltip follows a changing label. */
  register(el: Element, entry: TooltipEntry): void {
    entries.set(el, entry);
    if (useTooltipStore.getState().trigger !== el) return;
    if (entry.hidden) tooltips.close();
    else useTooltipStore.setState({ entry });
  },
  unregister(el: Element): void {
    entries.delete(el);
    if (pending?.el === el) cancelPending();
    if (useTooltipStore.getState().trigger === el) tooltips.close();
  },
  /**
   * The pointer came onto a trigger: its tooltip shows after the delay, or at once while another is
   * shown or one closed within the skip delay (moving along a toolbar reads each label at once).
   */
  hover(el: Element): void {
    const { trigger } = useTooltipStore.getState();
    if (trigger === el || pending?.el === el) return;
    if (trigger || performance.now() - closedAt < LIMITS.tooltipSkipDelayMs) return show(el);
    cancelPending();
    pending = { el, timer: setTimeout(() => show(el), LIMITS.tooltipDelayMs) };
  },
  /** Focus from the keyboard shows the tooltip at once. */
  focus(el: Element): void {
    show(el);
  },
  /** The pointer or the focus left a trigger. */
  leave(el: Element): void {
    if (pending?.el === el) cancelPending();
    if (useTooltipStore.getState().trigger === el) tooltips.close();
  },
  close(): void {
    cancelPending();
    if (!useTooltipStore.getState().trigger) return;
    closedAt = performance.now();
    useTooltipStore.setState({ trigger: null, entry: null });
  },
};
