import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { Paperclip, SendHorizontal } from "lucide-react";
import { uploadFile } from "../../files/api";
import type { Channel } from "@shared/entities";
import { sendMessage } from "../actions";
import { toast } from "../../../ui/notifications";
import { emitWithAck } from "../../../realtime/socket";
import { cn } from "../../../lib/utils";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { SimpleTooltip } from "../../../ui/tooltip";
import { useMentionAutocomplete } from "../useMentionAutocomplete";
import { MentionListbox } from "./MentionListbox";

const TYPING_THROTTLE_MS = 3000;
const MAX_HEIGHT_PX = 200;

export function Composer({ channel }: { channel: Channel }) {
  const [text, setText] = useState("");
  const [uploading, setUploading] = useState<string | null>(null);
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
    if (!content) return; // spec: empty messages are refused
    setText("");
    try {
      await sendMessage({ channel_id: channel.id, content, message_type: "text" });
    } catch (err) {
      // Spec: send failures are only logged; give the text back so nothing typed is lost.
      console.error("Failed to send message", err);
      setText((current) => (current ? current : content));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mention.onKeyDown(e)) return;
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

  const attach = async (file: File) => {
    setUploading(file.name);
    try {
      const uploaded = await uploadFile(file, "messages", channel.id);
      const isImage = (uploaded.mime_type || file.type).startsWith("image/");
      await sendMessage({
        channel_id: channel.id,
        content: text.trim() || file.name,
        message_type: isImage ? "image" : "file",
        file_url: uploaded.file_url,
        file_name: uploaded.original_filename || file.name,
      });
      setText("");
    } catch (err) {
      console.error("Failed to upload file", err);
      toast({ title: "Failed to upload file. Please try again.", variant: "destructive" });
    } finally {
      setUploading(null);
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  return (
    <form
      className="shrink-0 px-3 pb-3 md:px-5 md:pb-4"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div className="relative rounded-xl border bg-background shadow-xs transition-[border-color,box-shadow] focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/15 dark:bg-input/10">
        {uploading && (
          <div className="flex items-center gap-2 border-b px-3 py-2 text-xs text-muted-foreground">
            <Spinner className="size-3.5" />
            Uploading <span className="truncate font-medium text-foreground">{uploading}</span>…
          </div>
        )}
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
              if (file) void attach(file);
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
