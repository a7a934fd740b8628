import { useState } from "react";
import { ChevronDown } from "lucide-react";
import { Button } from "../../../ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../../../ui/dropdown-menu";
import { choiceTime, scheduleMessage } from "../keep";
import { WhenDialog } from "./WhenDialog";

interface Props {
  channelId: number;
  text: string;
  /** Empties the composer once the message is stored. */
  clear: () => void;
}

/** The send button's menu: Schedule for later (docs/messages.md, "Scheduled messages"). */
export function ScheduleMenu({ channelId, text, clear }: Props) {
  const [custom, setCustom] = useState(false);
  const content = text.trim();
  const schedule = async (at: Date) => {
    if (await scheduleMessage(channelId, content, at)) clear();
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="ghost" size="icon-sm" aria-label="Schedule for later" disabled={!content} className="-ml-1 w-6 text-muted-foreground">
            <ChevronDown />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Schedule for later</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => void schedule(choiceTime("tomorrow"))}>Tomorrow at 9:00</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void schedule(choiceTime("monday"))}>Monday at 9:00</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCustom(true)}>Custom time…</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {custom && <WhenDialog open={custom} onOpenChange={setCustom} title="Schedule message" submitLabel="Schedule" onPick={schedule} />}
    </>
  );
}
