import type { ReactNode } from "react";
import { cn } from "../../../lib/utils";
import { SimpleTooltip } from "../../../ui/tooltip";

/** One round button of the call toolbar; `active` is the normal (not muted, not off) look. */
export function ControlButton({
  label,
  onClick,
  active = true,
  danger = false,
  disabled = false,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  active?: boolean;
  danger?: boolean;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <SimpleTooltip label={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        className={cn(
          "flex size-12 items-center justify-center rounded-full transition outline-none focus-visible:ring-[3px] focus-visible:ring-white/50 disabled:opacity-40 [&_svg]:size-5",
          danger
            ? "w-16 bg-rose-600 text-white hover:bg-rose-500"
            : active
              ? "bg-white/10 text-white hover:bg-white/20"
              : "bg-white text-zinc-900 hover:bg-white/90",
        )}
      >
        {children}
      </button>
    </SimpleTooltip>
  );
}
