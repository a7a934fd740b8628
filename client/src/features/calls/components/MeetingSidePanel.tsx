import { X } from "lucide-react";
import { UserAvatar } from "../../../ui/avatar";

export interface PanelPerson {
  key: string;
  name: string;
  detail: string;
}

/** The meeting page's toggleable list of who is in (or invited to) the meeting. */
export function MeetingSidePanel({ people, onClose }: { people: PanelPerson[]; onClose: () => void }) {
  return (
    <aside aria-label="Participants" className="flex w-72 shrink-0 flex-col border-l border-white/10 bg-zinc-900/60">
      <div className="flex items-center justify-between px-4 py-3">
        <h2 className="text-sm font-semibold">Participants ({people.length})</h2>
        <button type="button" aria-label="Close participants" onClick={onClose} className="rounded p-1 text-white/60 hover:bg-white/10 hover:text-white">
          <X className="size-4" />
        </button>
      </div>
      <ul className="grid gap-1 overflow-y-auto px-2 pb-4">
        {people.map((p) => (
          <li key={p.key} className="flex items-center gap-3 rounded-md px-2 py-2 hover:bg-white/5">
            <UserAvatar name={p.name} className="size-8" />
            <span className="grid min-w-0 leading-tight">
              <span className="truncate text-sm">{p.name}</span>
              <span className="truncate text-xs text-white/50">{p.detail}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
