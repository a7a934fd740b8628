import type { MentionOption } from "../useMentionAutocomplete";
import { cn } from "../../../lib/utils";
import { UserAvatar } from "../../../ui/avatar";
import { AtSign } from "lucide-react";

/** The autocomplete's list above the composer; the textarea keeps the focus (aria-activedescendant). */
export function MentionListbox({ id, options, active, onPick }: { id: string; options: MentionOption[]; active: number; onPick: (o: MentionOption) => void }) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="People to mention"
      className="absolute right-0 bottom-full left-0 z-20 mb-1 max-h-64 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-md"
    >
      {options.map((o, i) => (
        <li
          key={o.key}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          // Keep the focus in the textarea: pick on mouse down, before it would blur.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(o);
          }}
          className={cn("flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm", i === active && "bg-accent text-accent-foreground")}
        >
          {o.key.startsWith("@") ? (
            <span className="flex size-6 items-center justify-center rounded-md bg-muted">
              <AtSign className="size-3.5" aria-hidden />
            </span>
          ) : (
            <UserAvatar name={o.label} email={o.detail} className="size-6 rounded-md" />
          )}
          <span className="truncate font-medium">{o.label}</span>
          <span className="truncate text-xs text-muted-foreground">{o.detail}</span>
        </li>
      ))}
    </ul>
  );
}
