import { lazy, Suspense, useState, type ReactNode } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "../../../ui/popover";
import { Spinner } from "../../../ui/spinner";
import { SimpleTooltip } from "../../../ui/tooltip";

// Loaded on first open: the picker is large and most visits never react to anything.
const EmojiPickerPanel = lazy(() => import("./EmojiPickerPanel"));

interface Props {
  /** The trigger: a button (with an aria-label; `label` is its tooltip). */
  children: ReactNode;
  label: string;
  onPick: (emoji: string) => void;
  onOpenChange?: (open: boolean) => void;
}

/** A searchable emoji picker in a popover, closing on a pick. */
export function EmojiPickerPopover({ children, label, onPick, onOpenChange }: Props) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Popover open={open} onOpenChange={change}>
      <SimpleTooltip label={label}>
        <PopoverTrigger asChild>{children}</PopoverTrigger>
      </SimpleTooltip>
      <PopoverContent aria-label="Choose an emoji" className="w-auto overflow-hidden p-0">
        {open && (
          <Suspense
            fallback={
              <div className="flex h-[380px] w-[320px] items-center justify-center">
                <Spinner />
              </div>
            }
          >
            <EmojiPickerPanel
              onPick={(emoji) => {
                change(false);
                onPick(emoji);
              }}
            />
          </Suspense>
        )}
      </PopoverContent>
    </Popover>
  );
}
