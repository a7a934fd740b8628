import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Paperclip, SendHorizontal } from "lucide-react";
import type { Channel } from "@shared/entities";
import { sendReply } from "../threads";
import { cn } from "../../../lib/utils";
import { Button } from "../../../ui/button";
import { Checkbox } from "../../../ui/checkbox";
import { Label } from "../../../ui/label";
import { SimpleTooltip } from "../../../ui/tooltip";
import { useSessionStore } from "../../auth/store";
import { lastOwnMessage, useEditRequestStore } from "../editRequest";
import { useThreadStore } from "../threadStore";
import { useAttachFiles } from "../useAttachFiles";
import { useDraft } from "../useDraft";
import { ComposerDropZone } from "./ComposerDropZone";

const MAX_HEIGHT_PX = 160;

/** The thread pane's composer: a reply, and whether it also goes to the channel's main list. */
export function ThreadComposer({ channel, rootId }: { channel: Channel; rootId: number }) {
  // The draft is kept per person and thread across reloads (docs/messages.md, "Writing").
  const [text, setText] = useDraft({ threadRootId: rootId });
  const textRef = useRef(text);
  textRef.current = text;
  const [alsoToChannel, setAlsoToChannel] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
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

  // Pasting or dropping a file attaches it as a reply, as the channel's composer does (docs/messages.md, "Writing").
  const { uploading, dragging, attach, onPaste, dropProps } = useAttachFiles(channel.id, async (file) => {
    await sendReply({ channel_id: channel.id, thread_root_id: rootId, content: textRef.current.trim() || file.file_name, also_to_channel: alsoToChannel, ...file });
    setText("");
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    } else if (e.key === "ArrowUp" && !text && !e.shiftKey && !e.altKey && !e.metaKey && !e.ctrlKey) {
      // Up arrow in an empty composer edits one's last reply in this thread (docs/messages.md, "Writing").
      const entry = useThreadStore.getState().byRoot[rootId];
      const shown = entry?.root ? [entry.root, ...entry.replies] : (entry?.replies ?? []);
      const last = lastOwnMessage(shown, useSessionStore.getState().user?.email);
      if (last) {
        e.preventDefault();
        useEditRequestStore.getState().ask(last.id, "thread", e.currentTarget);
      }
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
      <div {...dropProps} className="relative rounded-xl border bg-background shadow-xs focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/15 dark:bg-input/10">
        <ComposerDropZone dragging={dragging} uploading={uploading} />
        <textarea
          ref={textareaRef}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          aria-label="Reply in thread"
          placeholder="Reply…"
          className="scrollbar-thin block max-h-[160px] min-h-11 w-full resize-none bg-transparent px-3.5 pt-3 pb-1 text-sm outline-none placeholder:text-muted-foreground/80"
        />
        <div className="flex items-center gap-2 px-3 pb-2">
          <input
            ref={fileRef}
            type="file"
            className="hidden"
            aria-label="Attach file to reply"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void attach([file]).finally(() => fileRef.current && (fileRef.current.value = ""));
            }}
          />
          <SimpleTooltip label="Attach a file">
            <Button variant="ghost" size="icon-sm" aria-label="Attach file to reply" disabled={!!uploading} onClick={() => fileRef.current?.click()} className="-ml-1.5 text-muted-foreground">
              <Paperclip />
            </Button>
          </SimpleTooltip>
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
