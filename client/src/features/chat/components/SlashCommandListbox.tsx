import type { SlashCommandInfo } from "@shared/slashCommands";
import { cn } from "../../../lib/utils";

/** The slash-command list above the composer; the textarea keeps the focus (aria-activedescendant). */
export function SlashCommandListbox({ id, options, active, onPick }: { id: string; options: SlashCommandInfo[]; active: number; onPick: (c: SlashCommandInfo) => void }) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Commands"
      className="absolute right-0 bottom-full left-0 z-20 mb-1 max-h-72 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-md"
    >
      {options.map((c, i) => (
        <li
          key={c.name}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          // Keep the focus in the textarea: pick on mouse down, before it would blur.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(c);
          }}
          className={cn("flex cursor-pointer flex-col rounded-md px-2 py-1.5 text-sm sm:flex-row sm:items-baseline sm:gap-2", i === active && "bg-accent text-accent-foreground")}
        >
          <span className="shrink-0 font-medium">
            /{c.name}
            {c.args && <span className="ml-1 font-normal text-muted-foreground">{c.args}</span>}
          </span>
          <span className="truncate text-xs text-muted-foreground">{c.description}</span>
        </li>
      ))}
    </ul>
  );
}
