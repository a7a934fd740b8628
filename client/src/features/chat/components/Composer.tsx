import { useLayoutEffect, useRef, type KeyboardEvent } from "react";
import { Paperclip, SendHorizontal } from "lucide-react";
import type { Channel } from "@shared/entities";
import { sendMessage } from "../actions";
import { emitWithAck } from "../../../realtime/socket";
import { cn } from "../../../lib/utils";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";
import { useSessionStore } from "../../auth/store";
import { lastOwnMessage, useEditRequestStore } from "../editRequest";
import { useChatStore } from "../store";
import { useAttachFiles } from "../useAttachFiles";
import { useDraft } from "../useDraft";
import { useMentionAutocomplete } from "../useMentionAutocomplete";
import { ComposerDropZone } from "./ComposerDropZone";
import { MentionListbox } from "./MentionListbox";

const TYPING_THROTTLE_MS = 3000;
const MAX_HEIGHT_PX = 200;

export function Composer({ channel }: { channel: Channel }) {
  // The draft is kept per person and channel across reloads (docs/messages.md, "Writing").
  const [text, setText] = useDraft({ channelId: channel.id });
  const textRef = useRef(text);
  textRef.current = text;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const mention = useMentionAutocomplete(channel, text, setText, textareaRef);

  // Grow with the text up to a limit, then scroll inside.
  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const send = async () => {
    const content = text.trim();
    if (!content) return; // empty messages are refused
    setText("");
    try {
      await sendMessage({ channel_id: channel.id, content, message_type: "text" });
    } catch (err) {
      // Send failures are only logged; give the text back so nothing typed is lost.
      console.error("Failed to send message", err);
      setText((current) => (current ? current : content));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(e)) return;
    // Up arrow in an empty composer edits one's last message here (docs/messages.md, "Writing").
    if (e.key === "ArrowUp" && !text && !e.shiftKey && !e.altKey && !e.metaKey && !e.ctrlKey) {
      const items = useChatStore.getState().byChannel[channel.id]?.items ?? [];
      const last = lastOwnMessage(items, useSessionStore.getState().user?.email);
      if (last) {
        e.preventDefault();
        useEditRequestStore.getState().ask(last.id, "channel", e.currentTarget);
      }
      return;
    }
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const onChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value && now - lastTyping.current > TYPING_THROTTLE_MS) {
      lastTyping.current = now;
      emitWithAck("channels.typing", { channel_id: channel.id }).catch(() => undefined);
    }
  };

  // The attach button, a pasted file and a dropped one share the upload (docs/messages.md, "Writing").
  const { uploading, dragging, attach, onPaste, dropProps } = useAttachFiles(channel.id, async (file) => {
    await sendMessage({ channel_id: channel.id, content: textRef.current.trim() || file.file_name, ...file });
    setText("");
  });

  return (
    <form
      className="shrink-0 px-3 pb-3 md:px-5 md:pb-4"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div {...dropProps} className="relative rounded-xl border bg-background shadow-xs transition-[border-color,box-shadow] focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/15 dark:bg-input/10">
        <ComposerDropZone dragging={dragging} uploading={uploading} />
        {mention.open && <MentionListbox id={mention.listId} options={mention.options} active={mention.active} onPick={mention.pick} />}
        <textarea
          ref={textareaRef}
          rows={1}
          value={text}
          onChange={(e) => {
            onChange(e.target.value);
            mention.track();
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onSelect={mention.track}
          aria-autocomplete="list"
          aria-controls={mention.open ? mention.listId : undefined}
          aria-activedescendant={mention.open ? `${mention.listId}-${mention.active}` : undefined}
          aria-label={`Message ${channel.name}`}
          placeholder={channel.type === "dm" ? `Message ${channel.name}` : `Message #${channel.name}`}
          className="scrollbar-thin block max-h-[200px] min-h-11 w-full resize-none bg-transparent px-3.5 pt-3 pb-1 text-sm outline-none placeholder:text-muted-foreground/80"
        />
        <div className="flex items-center gap-1 px-2 pb-2">
          <input
            ref={fileRef}
            type="file"
            className="hidden"
            aria-label="Attach file"
            data-testid="composer-file-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void attach([file]).finally(() => fileRef.current && (fileRef.current.value = ""));
            }}
          />
          <SimpleTooltip label="Attach a file">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Attach file"
              disabled={!!uploading}
              onClick={() => fileRef.current?.click()}
              className="text-muted-foreground"
            >
              <Paperclip />
            </Button>
          </SimpleTooltip>
          <span className="ml-auto hidden pr-2 text-[11px] text-muted-foreground sm:inline">
            <kbd className="font-sans font-medium">Enter</kbd> to send · <kbd className="font-sans font-medium">Shift + Enter</kbd> for a new line
          </span>
          <Button
            type="submit"
            size="icon-sm"
            aria-label="Send message"
            disabled={!text.trim()}
            className={cn("ml-auto sm:ml-0", !text.trim() && "bg-muted text-muted-foreground shadow-none")}
          >
            <SendHorizontal />
          </Button>
        </div>
      </div>
    </form>
  );
}
