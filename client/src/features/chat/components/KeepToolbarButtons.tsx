import { useState } from "react";
import { AlarmClock, Bookmark, BookmarkCheck, Pin, PinOff } from "lucide-react";
import type { ChatMessage } from "@shared/entities";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "../../../ui/dropdown-menu";
import { choiceTime, REMIND_CHOICES, remindMe, setPinned, setSaved, useIsSaved } from "../keep";
import { WhenDialog } from "./WhenDialog";

interface Props {
  message: ChatMessage;
  /** The author or someone who manages the channel (docs/messages.md, "Pinned"). */
  canPin: boolean;
}

/** The hover toolbar's Pin, Save and Remind me (the action sheet has the same: ./KeepSheetActions). */
export function KeepToolbarButtons({ message, canPin }: Props) {
  const saved = useIsSaved(message.id);
  const pinned = !!message.pinned_at;
  const [custom, setCustom] = useState(false);
  return (
    <>
      {canPin && (
        <SimpleTooltip label={pinned ? "Unpin from channel" : "Pin to channel"}>
          <Button variant="ghost" size="icon-xs" aria-label={pinned ? "Unpin from channel" : "Pin to channel"} onClick={() => void setPinned(message, !pinned)}>
            {pinned ? <PinOff /> : <Pin />}
          </Button>
        </SimpleTooltip>
      )}
      <SimpleTooltip label={saved ? "Remove from Saved" : "Save for later"}>
        <Button variant="ghost" size="icon-xs" aria-label={saved ? "Remove from Saved" : "Save for later"} onClick={() => void setSaved(message, !saved)}>
          {saved ? <BookmarkCheck /> : <Bookmark />}
        </Button>
      </SimpleTooltip>
      <DropdownMenu>
        <SimpleTooltip label="Remind me">
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-xs" aria-label="Remind me">
              <AlarmClock />
            </Button>
          </DropdownMenuTrigger>
        </SimpleTooltip>
        <DropdownMenuContent align="end">
          {REMIND_CHOICES.map(({ choice, label }) => (
            <DropdownMenuItem key={choice} onSelect={() => void remindMe(message, choiceTime(choice))}>
              {label}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCustom(true)}>Custom…</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {custom && <WhenDialog open={custom} onOpenChange={setCustom} title="Remind me about this message" submitLabel="Remind me" onPick={(at) => remindMe(message, at)} />}
    </>
  );
}
