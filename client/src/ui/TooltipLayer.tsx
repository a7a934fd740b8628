import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { autoUpdate, flip, offset, shift, useFloating } from "@floating-ui/react-dom";
import { tooltips, useTooltipStore } from "./tooltipStore";

const TRIGGER = "[data-tooltip]";

function triggerOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest(TRIGGER) : null;
}

/**
 * Shows the one tooltip of the page (tooltipStore.ts) beside its trigger: after a hover delay, at
 * once on keyboard focus; gone on leave, blur, press, Escape or a scroll that moves the trigger.
 */
export function TooltipLayer() {
  const trigger = useTooltipStore((s) => s.trigger);
  const entry = useTooltipStore((s) => s.entry);
  const id = useId();
  const hovered = useRef<Element | null>(null);

  useEffect(() => {
    // Pointer events bubble from a trigger's own icon and text too: only entering or leaving the
    // trigger itself counts, so a press that closed the tooltip is not undone by moving inside it.
    const over = (e: PointerEvent) => {
      if (e.pointerType === "touch") return;
      const el = triggerOf(e.target);
      if (el === hovered.current) return;
      if (hovered.current) tooltips.leave(hovered.current);
      hovered.current = el;
      if (el) tooltips.hover(el);
    };
    const out = (e: PointerEvent) => {
      const el = hovered.current;
      if (!el || (e.relatedTarget instanceof Node && el.contains(e.relatedTarget))) return;
      hovered.current = null;
      tooltips.leave(el);
    };
    const focusIn = (e: FocusEvent) => {
      const el = triggerOf(e.target);
      if (el && el.matches(":focus-visible")) tooltips.focus(el);
    };
    const focusOut = (e: FocusEvent) => {
      const el = triggerOf(e.target);
      if (el) tooltips.leave(el);
    };
    const close = () => tooltips.close();
    const key = (e: KeyboardEvent) => e.key === "Escape" && tooltips.close();
    const scroll = (e: Event) => {
      const shown = useTooltipStore.getState().trigger;
      if (shown && e.target instanceof Node && e.target.contains(shown)) tooltips.close();
    };
    const listeners: [string, (e: never) => void, AddEventListenerOptions?][] = [
      ["pointerover", over],
      ["pointerout", out],
      ["focusin", focusIn],
      ["focusout", focusOut],
      ["pointerdown", close, { capture: true }],
      ["keydown", key, { capture: true }],
      ["scroll", scroll, { capture: true, passive: true }],
    ];
    for (const [type, listener, options] of listeners) document.addEventListener(type, listener as EventListener, options);
    return () => {
      for (const [type, listener, options] of listeners) document.removeEventListener(type, listener as EventListener, options);
    };
  }, []);

  // The trigger is described by its tooltip while it shows, as with a tooltip of its own.
  useEffect(() => {
    if (!trigger) return;
    const before = trigger.getAttribute("aria-describedby");
    trigger.setAttribute("aria-describedby", before ? `${before} ${id}` : id);
    return () => {
      if (before) trigger.setAttribute("aria-describedby", before);
      else trigger.removeAttribute("aria-describedby");
    };
  }, [trigger, id]);

  const { refs, floatingStyles, isPositioned } = useFloating({
    open: !!trigger,
    placement: entry?.side ?? "top",
    elements: { reference: trigger },
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });

  if (!trigger || !entry) return null;
  return createPortal(
    <div
      ref={refs.setFloating}
      id={id}
      role="tooltip"
      style={{ ...floatingStyles, visibility: isPositioned ? undefined : "hidden" }}
      className="pointer-events-none z-50 flex w-max max-w-xs animate-[fade-in_120ms_ease-out] items-center gap-2 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-md"
    >
      {entry.label}
    </div>,
    document.body,
  );
}
