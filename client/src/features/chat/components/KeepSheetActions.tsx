import { useState } from "react";
import { AlarmClock, Bookmark, BookmarkCheck, CalendarClock, Pin, PinOff } from "lucide-react";
import type { ChatMessage } from "@shared/entities";
import { choiceTime, REMIND_CHOICES, remindMe, setPinned, setSaved, useIsSaved } from "../keep";
import { MessageSheetAction as Action } from "./MessageSheetAction";
import { WhenDialog } from "./WhenDialog";

interface Props {
  message: ChatMessage;
  canPin: boolean;
  /** Closes the sheet, then runs the action (./MessageActionSheet's `run`). */
  run: (action: () => void) => () => void;
}

/** Pin, Save and Remind me in the touch action sheet (docs/messages.md, "On a phone"). */
export function KeepSheetActions({ message, canPin, run }: Props) {
  const saved = useIsSaved(message.id);
  const pinned = !!message.pinned_at;
  const [choosing, setChoosing] = useState(false);
  const [custom, setCustom] = useState(false);
  return (
    <>
      {canPin && <Action icon={pinned ? <PinOff /> : <Pin />} label={pinned ? "Unpin from channel" : "Pin to channel"} onClick={run(() => void setPinned(message, !pinned))} />}
      <Action icon={saved ? <BookmarkCheck /> : <Bookmark />} label={saved ? "Remove from Saved" : "Save for later"} onClick={run(() => void setSaved(message, !saved))} />
      {choosing ? (
        <>
          {REMIND_CHOICES.map(({ choice, label }) => (
            <Action key={choice} icon={<AlarmClock />} label={`Remind me: ${label.toLowerCase()}`} onClick={run(() => void remindMe(message, choiceTime(choice)))} />
          ))}
          <Action icon={<CalendarClock />} label="Remind me: custom time…" onClick={() => setCustom(true)} />
        </>
      ) : (
        <Action icon={<AlarmClock />} label="Remind me" onClick={() => setChoosing(true)} />
      )}
      {custom && (
        <WhenDialog
          open={custom}
          onOpenChange={setCustom}
          title="Remind me about this message"
          submitLabel="Remind me"
          onPick={(at) => run(() => void remindMe(message, at))()}
        />
      )}
    </>
  );
}
