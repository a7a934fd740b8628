// The composer's @mention autocomplete (docs/messages.md, "Mentions and read receipts"): typing `@` after a
// space offers the channel's members (and, to managers and admins, @channel and @here, which the
// server refuses from anyone else); arrows move, Enter or Tab picks, Escape closes. Picking writes
// the `@[Full Name](email)` token of shared/mentions.ts, the one form the server reads. User groups
// are offered too, with their member count (docs/groups.md); picking one writes its `@handle`. A
// group larger than LIMITS.groupMentionMembersMax is offered only to those who may use @channel.
import { useMemo, useState, type KeyboardEvent, type RefObject } from "react";
import type { Channel } from "@shared/entities";
import { LIMITS } from "@shared/constants";
import { activeMentionQuery, matchPeople, mentionToken } from "@shared/mentions";
import { useSessionStore } from "../auth/store";
import { isAdmin } from "../users/roles";
import { usePeopleByEmail } from "./usePeopleByEmail";
import { useGroupsByHandle } from "./useGroupsByHandle";
import { caretAfterRender, onListboxKey } from "./listboxKeys";

export interface MentionOption {
  key: string;
  label: string;
  detail: string;
  /** What replaces the `@query`. */
  insert: string;
}

const EVERYONE: MentionOption[] = [
  { key: "@channel", label: "@channel", detail: "Everyone in this channel", insert: "@channel" },
  { key: "@here", label: "@here", detail: "Everyone in this channel", insert: "@here" },
];

export function useMentionAutocomplete(channel: Channel, text: string, setText: (t: string) => void, textareaRef: RefObject<HTMLTextAreaElement | null>) {
  const me = useSessionStore((s) => s.user);
  const people = usePeopleByEmail();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const found = activeMentionQuery(text, caret);
  const members = useMemo(
    () =>
      channel.members
        .map((e) => people.get(e.toLowerCase()))
        .filter((p): p is NonNullable<typeof p> => !!p && p.is_active && p.email.toLowerCase() !== me?.email.toLowerCase()),
    [channel.members, people, me?.email],
  );
  const mayMentionMany = !!me && (isAdmin(me) || me.team_role === "manager");
  const mayMentionAll = mayMentionMany && channel.type !== "dm";
  const query = found?.query ?? null;
  const groups = useGroupsByHandle(query !== null);
  const options: MentionOption[] = useMemo(() => {
    if (query === null) return [];
    const q = query.toLowerCase();
    const matched = matchPeople(members, query).map((p) => ({ key: p.email, label: p.full_name, detail: p.email, insert: mentionToken(p.full_name, p.email) }));
    const teams = [...groups.values()]
      .filter((g) => mayMentionMany || g.members.length <= LIMITS.groupMentionMembersMax)
      .filter((g) => g.handle.startsWith(q) || g.name.toLowerCase().split(/\s+/).some((w) => w.startsWith(q)))
      .slice(0, 5)
      .map((g) => ({ key: `@${g.handle}`, label: `@${g.handle}`, detail: `${g.name} · ${g.members.length} ${g.members.length === 1 ? "member" : "members"}`, insert: `@${g.handle}` }));
    const all = mayMentionAll ? EVERYONE.filter((o) => o.key.slice(1).startsWith(q)) : [];
    return [...matched, ...teams, ...all];
  }, [query, members, groups, mayMentionMany, mayMentionAll]);

  const open = !!found && options.length > 0 && dismissedAt !== found.start;
  const current = Math.min(active, Math.max(0, options.length - 1));

  const pick = (o: MentionOption) => {
    if (!found) return;
    const next = `${text.slice(0, found.start)}${o.insert} ${text.slice(caret)}`;
    const at = found.start + o.insert.length + 1;
    setText(next);
    setActive(0);
    setCaret(at);
    caretAfterRender(textareaRef, at);
  };

  /** Handles the listbox's keys; answers true when the composer must not act on the key too. */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean =>
    open && onListboxKey(e, { count: options.length, current, setActive, pick: (i) => pick(options[i]), dismiss: () => setDismissedAt(found!.start) });

  /** Keeps the caret known (typing, clicking, arrow keys inside the text). */
  const track = () => {
    const el = textareaRef.current;
    if (!el) return;
    const at = el.selectionStart ?? el.value.length;
    setCaret(at);
    // Out of the @word: the next one starts fresh (Escape closed only the one it was pressed in).
    if (!activeMentionQuery(el.value, at)) {
      setActive(0);
      setDismissedAt(null);
    }
  };

  return { open, options, active: current, pick, onKeyDown, track, listId: `mention-list-${channel.id}` };
}
