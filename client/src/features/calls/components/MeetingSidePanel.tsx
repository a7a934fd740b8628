import { Hand, MicOff, Pin, UserMinus, X } from "lucide-react";
import type { ReactNode } from "react";
import { UserAvatar } from "../../../ui/avatar";
import { cn } from "../../../lib/utils";

export interface PanelPerson {
  key: string;
  userId?: number;
  name: string;
  /** The name the avatar's initials come from, when `name` carries more (" (You)"). */
  avatarName?: string;
  detail: string;
  handRaised?: boolean;
  speaking?: boolean;
}

export interface PanelActions {
  /** Only the organiser, and never on themselves. */
  canModerate: (p: PanelPerson) => boolean;
  onMute: (userId: number) => void;
  onRemove: (userId: number) => void;
  pinnedId: number | null;
  onPin: (userId: number | null) => void;
}

const iconButton = "rounded p-1.5 text-white/60 hover:bg-white/10 hover:text-white";

function PersonRow({ p, actions }: { p: PanelPerson; actions?: PanelActions }) {
  const id = p.userId;
  return (
    <li className="flex items-center gap-3 rounded-md px-2 py-2 hover:bg-white/5" data-testid={`panel-person-${p.key}`}>
      <UserAvatar name={p.avatarName ?? p.name} className={cn("size-8", p.speaking && "ring-2 ring-emerald-400")} />
      <span className="grid min-w-0 flex-1 leading-tight">
        <span className="truncate text-sm">{p.name}</span>
        <span className="truncate text-xs text-white/50">{p.detail}</span>
      </span>
      {p.handRaised && <Hand aria-label="Hand raised" className="size-4 text-amber-300" />}
      {actions && id !== undefined && (
        <button type="button" aria-label={actions.pinnedId === id ? `Unpin ${p.name}` : `Pin ${p.name}`} aria-pressed={actions.pinnedId === id} className={iconButton} onClick={() => actions.onPin(actions.pinnedId === id ? null : id)}>
          <Pin className="size-4" />
        </button>
      )}
      {actions && id !== undefined && actions.canModerate(p) && (
        <>
          <button type="button" aria-label={`Mute ${p.name}`} className={iconButton} onClick={() => actions.onMute(id)}>
            <MicOff className="size-4" />
          </button>
          <button type="button" aria-label={`Remove ${p.name}`} className={iconButton} onClick={() => actions.onRemove(id)}>
            <UserMinus className="size-4" />
          </button>
        </>
      )}
    </li>
  );
}

/** The meeting page's side panel: who is in and who is invited, or the meeting's chat. */
export function MeetingSidePanel({
  inside,
  invited,
  actions,
  tab,
  onTab,
  chat,
  onClose,
}: {
  inside: PanelPerson[];
  invited: PanelPerson[];
  actions?: PanelActions;
  tab: "people" | "chat";
  onTab: (t: "people" | "chat") => void;
  chat: ReactNode;
  onClose: () => void;
}) {
  const tabClass = (on: boolean) => cn("rounded-md px-3 py-1 text-sm", on ? "bg-white/15 text-white" : "text-white/60 hover:text-white");
  return (
    <aside aria-label={tab === "people" ? "Participants" : "Meeting chat"} className="flex w-80 shrink-0 flex-col border-l border-white/10 bg-zinc-900/60">
      <div className="flex items-center justify-between gap-2 px-3 py-3">
        <div role="tablist" className="flex gap-1">
          <button type="button" role="tab" aria-selected={tab === "people"} className={tabClass(tab === "people")} onClick={() => onTab("people")}>
            People
          </button>
          <button type="button" role="tab" aria-selected={tab === "chat"} className={tabClass(tab === "chat")} onClick={() => onTab("chat")}>
            Chat
          </button>
        </div>
        <button type="button" aria-label="Close side panel" onClick={onClose} className={iconButton}>
          <X className="size-4" />
        </button>
      </div>
      {tab === "people" ? (
        // Focusable so a keyboard user can scroll a long list of invitees (axe: scrollable-region-focusable).
        <div tabIndex={0} role="region" aria-label="People" className="grid content-start gap-3 overflow-y-auto px-2 pb-4 focus-visible:outline-2 focus-visible:outline-white/60">
          <section aria-label="In the meeting">
            <h2 className="px-2 pb-1 text-xs font-semibold tracking-wide text-white/50 uppercase">In the meeting ({inside.length})</h2>
            <ul className="grid gap-1">
              {inside.map((p) => (
                <PersonRow key={p.key} p={p} actions={actions} />
              ))}
            </ul>
          </section>
          {/* Once everyone invited has come in there is no one left to list, so no heading either. */}
          {invited.length > 0 && (
            <section aria-label="Invited">
              <h2 className="px-2 pb-1 text-xs font-semibold tracking-wide text-white/50 uppercase">Invited ({invited.length})</h2>
              <ul className="grid gap-1">
                {invited.map((p) => (
                  <PersonRow key={p.key} p={p} />
                ))}
              </ul>
            </section>
          )}
        </div>
      ) : (
        chat
      )}
    </aside>
  );
}
