import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { SendHorizontal } from "lucide-react";
import type { Channel } from "@shared/entities";
import { sendReply } from "../threads";
import { cn } from "../../../lib/utils";
import { Button } from "../../../ui/button";
import { Checkbox } from "../../../ui/checkbox";
import { Label } from "../../../ui/label";

const MAX_HEIGHT_PX = 160;

/** The thread pane's composer: a reply, and whether it also goes to the channel's main list. */
export function ThreadComposer({ channel, rootId }: { channel: Channel; rootId: number }) {
  const [text, setText] = useState("");
  const [alsoToChannel, setAlsoToChannel] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const checkboxId = useId();
  const where = channel.type === "dm" ? channel.name : `#${channel.name}`;

  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const send = async () => {
    const content = text.trim();
    if (!content) return;
    setText("");
    try {
      await sendReply({ channel_id: channel.id, thread_root_id: rootId, content, also_to_channel: alsoToChannel });
      setAlsoToChannel(false);
    } catch (err) {
      // As the channel's composer: give the text back so nothing typed is lost.
      console.error("Failed to send the reply", err);
      setText((current) => (current ? current : content));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form
      className="shrink-0 px-3 pb-3"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div className="rounded-xl border bg-background shadow-xs focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/15 dark:bg-input/10">
        <textarea
          ref={textareaRef}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-label="Reply in thread"
          placeholder="Reply…"
          className="scrollbar-thin block max-h-[160px] min-h-11 w-full resize-none bg-transparent px-3.5 pt-3 pb-1 text-sm outline-none placeholder:text-muted-foreground/80"
        />
        <div className="flex items-center gap-2 px-3 pb-2">
          <Checkbox id={checkboxId} checked={alsoToChannel} onCheckedChange={(v) => setAlsoToChannel(v === true)} />
          <Label htmlFor={checkboxId} className="truncate text-xs font-normal text-muted-foreground">
            Also send to {where}
          </Label>
          <Button
            type="submit"
            size="icon-sm"
            aria-label="Send reply"
            disabled={!text.trim()}
            className={cn("ml-auto", !text.trim() && "bg-muted text-muted-foreground shadow-none")}
          >
            <SendHorizontal />
          </Button>
        </div>
      </div>
    </form>
  );
}
