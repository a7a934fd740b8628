// Slash commands in a composer (docs/messages.md, "Writing"; docs/integrations.md, "Slash
// commands"): typing `/` at the start offers the commands (filtered as the name is typed; arrows
// move, Enter or Tab picks, Escape closes; Enter on a name typed in full runs it), and a line
// that starts with `/` is run by the server (POST /api/commands) instead of being sent. Its answer
// shows under the composer: a notice, or the error with the text kept. A call or a meeting it
// starts goes the way the Call button and the meeting page go, since they need this browser's media.
import { useMemo, useState, type KeyboardEvent, type RefObject } from "react";
import { useNavigate } from "react-router-dom";
import { matchSlashCommands, type SlashCommandInfo, type SlashCommandResult } from "@shared/slashCommands";
import { request } from "../../lib/http";
import { startCall } from "../calls/controller";
import { useSessionStore } from "../auth/store";
import { caretAfterRender, onListboxKey } from "./listboxKeys";

const PRESENCE = new Set(["away", "busy", "online"]);

export interface SlashFeedback {
  kind: "notice" | "error";
  text: string;
}

// Only the command's name typed so far: the list closes at the first space.
const NAME_SO_FAR = /^\/([A-Za-z][\w-]*)?$/;

export function useSlashCommands(channelId: number, threadRootId: number | null, text: string, setText: (t: string) => void, textareaRef: RefObject<HTMLTextAreaElement | null>) {
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<SlashFeedback | null>(null);
  const [running, setRunning] = useState(false);

  const typed = NAME_SO_FAR.exec(text);
  const query = typed ? (typed[1] ?? "") : null;
  const options = useMemo(() => (query === null ? [] : matchSlashCommands(query)), [query]);
  const open = query !== null && options.length > 0 && dismissed !== text;
  const current = Math.min(active, Math.max(0, options.length - 1));

  const pick = (c: SlashCommandInfo) => {
    const next = `/${c.name} `;
    setText(next);
    setActive(0);
    caretAfterRender(textareaRef, next.length);
  };

  /** Handles the list's keys; answers true when the composer must not act on the key too. */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean =>
    open &&
    onListboxKey(e, {
      count: options.length,
      current,
      setActive,
      pick: (i) => pick(options[i]),
      dismiss: () => setDismissed(text),
      // A name typed in full runs on Enter, as it would without the list.
      enterPasses: query?.toLowerCase() === options[current].name,
    });

  /** Runs the line; answers whether it ran (the composer then clears), else the error shows and the text stays. */
  const run = async (line: string): Promise<boolean> => {
    setRunning(true);
    setFeedback(null);
    try {
      const res = await request<SlashCommandResult>("/commands", {
        method: "POST",
        body: { channel_id: channelId, text: line, ...(threadRootId ? { thread_root_id: threadRootId } : {}), time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      });
      if (res.notice) setFeedback({ kind: "notice", text: res.notice });
      // The presence menu shows the session's own status, as after choosing one there.
      const me = useSessionStore.getState().user;
      if (me && PRESENCE.has(res.command)) useSessionStore.getState().setUser({ ...me, user_status: res.command as "away" | "busy" | "online" });
      if (res.action?.kind === "call") void startCall([{ id: res.action.user_id, name: res.action.name }], "audio", false);
      if (res.action?.kind === "meet") navigate(`/Meet?meetingId=${encodeURIComponent(res.action.meeting_id)}`, { state: { from: `/Chat?channel=${channelId}` } });
      return true;
    } catch (err) {
      setFeedback({ kind: "error", text: err instanceof Error ? err.message : "The command could not run" });
      return false;
    } finally {
      setRunning(false);
    }
  };

  return { open, options, active: current, pick, onKeyDown, run, running, feedback, clearFeedback: () => setFeedback(null), listId: `slash-list-${channelId}-${threadRootId ?? 0}` };
}
