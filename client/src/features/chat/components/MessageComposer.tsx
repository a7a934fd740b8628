import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Paperclip, SendHorizontal } from "lucide-react";
import type { Channel, ChatMessage } from "@shared/entities";
import { cn } from "../../../lib/utils";
import { Button } from "../../../ui/button";
import { SimpleTooltip } from "../../../ui/tooltip";
import type { DraftPlace } from "../drafts";
import { useEditRequestStore, type EditScope } from "../editRequest";
import { useAttachFiles, type Attachment } from "../useAttachFiles";
import { useDraft } from "../useDraft";
import { useMentionAutocomplete } from "../useMentionAutocomplete";
import { ComposerDropZone } from "./ComposerDropZone";
import { MentionListbox } from "./MentionListbox";
import { isSlashCommand } from "@shared/slashCommands";
import { useSlashCommands } from "../useSlashCommands";
import { SlashCommandListbox } from "./SlashCommandListbox";
import { SlashCommandFeedback } from "./SlashCommandFeedback";

const TYPING_THROTTLE_MS = 3000;

// The channel's composer spans the channel; the thread pane's is narrower, so it grows less and
// leaves out the keyboard hint.
const LAYOUT = {
  wide: {
    maxHeight: 200,
    form: "px-3 pb-3 md:px-5 md:pb-4",
    frame: "transition-[border-color,box-shadow]",
    textarea: "max-h-[200px]",
    footer: "gap-1 px-2 pb-2",
    attach: "",
    send: "ml-auto sm:ml-0",
  },
  narrow: {
    maxHeight: 160,
    form: "px-3 pb-3",
    frame: "",
    textarea: "max-h-[160px]",
    footer: "gap-2 px-3 pb-2",
    attach: "-ml-1.5",
    send: "ml-auto",
  },
} as const;

interface Props {
  channel: Channel;
  /** Where the unsent text is kept as a draft. */
  place: DraftPlace;
  /** Sends the text, with an uploaded file when there is one; rejects when it was not sent. */
  send: (content: string, attachment?: Attachment) => Promise<unknown>;
  /** One's newest message shown beside this composer, which up arrow edits, and where it is shown. */
  lastOwn: () => ChatMessage | null;
  editScope: EditScope;
  /** The text box's accessible name and placeholder. */
  label: string;
  placeholder: string;
  /** The accessible name of the attach button and of its file input. */
  attachLabel: string;
  fileTestId?: string;
  sendLabel: string;
  /** Offers the channel's people after `@`. */
  mentions?: boolean;
  /** Called while typing, at most every few seconds (the channel's typing notice). */
  onTyping?: () => void;
  layout: keyof typeof LAYOUT;
  /** Controls between the attach and the send button. */
  extra?: ReactNode;
  /** After the send button: the text's other ways out (Schedule for later), given the text and a way to clear it. */
  afterSend?: (text: string, clear: () => void) => ReactNode;
}

/**
 * A message composer, the channel's or a thread's (docs/messages.md, "Writing"): a draft kept per
 * place, Enter sends, up arrow in an empty box edits one's last message, and a file comes by the
 * paperclip, a paste or a drop.
 */
export function MessageComposer({ channel, place, send, lastOwn, editScope, label, placeholder, attachLabel, fileTestId, sendLabel, mentions, onTyping, layout, extra, afterSend }: Props) {
  const look = LAYOUT[layout];
  const [text, setText] = useDraft(place);
  const textRef = useRef(text);
  textRef.current = text;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const autocomplete = useMentionAutocomplete(channel, text, setText, textareaRef);
  const mention = mentions ? autocomplete : null;
  const slash = useSlashCommands(channel.id, "threadRootId" in place ? place.threadRootId : null, text, setText, textareaRef);

  // Grow with the text up to a limit, then scroll inside.
  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, look.maxHeight)}px`;
  }, [text, look.maxHeight]);

  const submit = async () => {
    const content = text.trim();
    if (!content) return; // empty messages are refused
    // A line starting with `/` is a command the server runs (a leading space sends it as text).
    if (isSlashCommand(text)) {
      if (!slash.running && (await slash.run(content))) setText("");
      return;
    }
    setText("");
    try {
      await send(content);
    } catch (err) {
      // Send failures are only logged; give the text back so nothing typed is lost.
      console.error("Failed to send message", err);
      setText((current) => (current ? current : content));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(e)) return;
    if (mention?.onKeyDown(e)) return;
    if (e.key === "ArrowUp" && !text && !e.shiftKey && !e.altKey && !e.metaKey && !e.ctrlKey) {
      const last = lastOwn();
      if (last) {
        e.preventDefault();
        useEditRequestStore.getState().ask(last.id, editScope, e.currentTarget);
      }
      return;
    }
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const onChange = (value: string) => {
    setText(value);
    if (slash.feedback?.kind === "error") slash.clearFeedback();
    const now = Date.now();
    if (onTyping && value && now - lastTyping.current > TYPING_THROTTLE_MS) {
      lastTyping.current = now;
      onTyping();
    }
    mention?.track();
  };

  // The attach button, a pasted file and a dropped one share the upload; the typed text, if any, is the file's message.
  const { uploading, dragging, attach, onPaste, dropProps } = useAttachFiles(channel.id, async (file) => {
    await send(textRef.current.trim() || file.file_name, file);
    setText("");
  });

  return (
    <form
      className={cn("shrink-0", look.form)}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div {...dropProps} className={cn("relative rounded-xl border bg-background shadow-xs", look.frame, "focus-within:border-ring/60 focus-within:ring-[3px] focus-within:ring-ring/15 dark:bg-input/10")}>
        <ComposerDropZone dragging={dragging} uploading={uploading} />
        {slash.open && <SlashCommandListbox id={slash.listId} options={slash.options} active={slash.active} onPick={slash.pick} />}
        {mention?.open && <MentionListbox id={mention.listId} options={mention.options} active={mention.active} onPick={mention.pick} />}
        <textarea
          ref={textareaRef}
          rows={1}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onSelect={mention?.track}
          aria-autocomplete={mention ? "list" : undefined}
          aria-controls={slash.open ? slash.listId : mention?.open ? mention.listId : undefined}
          aria-activedescendant={slash.open ? `${slash.listId}-${slash.active}` : mention?.open ? `${mention.listId}-${mention.active}` : undefined}
          aria-label={label}
          placeholder={placeholder}
          className={cn("scrollbar-thin block min-h-11 w-full resize-none bg-transparent px-3.5 pt-3 pb-1 text-sm outline-none placeholder:text-muted-foreground/80", look.textarea)}
        />
        <div className={cn("flex items-center", look.footer)}>
          <input
            ref={fileRef}
            type="file"
            className="hidden"
            aria-label={attachLabel}
            data-testid={fileTestId}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void attach([file]).finally(() => fileRef.current && (fileRef.current.value = ""));
            }}
          />
          <SimpleTooltip label="Attach a file">
            <Button variant="ghost" size="icon-sm" aria-label={attachLabel} disabled={!!uploading} onClick={() => fileRef.current?.click()} className={cn(look.attach, "text-muted-foreground")}>
              <Paperclip />
            </Button>
          </SimpleTooltip>
          {extra}
          {layout === "wide" && (
            <span className="ml-auto hidden pr-2 text-[11px] text-muted-foreground sm:inline">
              <kbd className="font-sans font-medium">Enter</kbd> to send · <kbd className="font-sans font-medium">Shift + Enter</kbd> for a new line
            </span>
          )}
          <Button
            type="submit"
            size="icon-sm"
            aria-label={sendLabel}
            disabled={!text.trim()}
            className={cn(look.send, !text.trim() && "bg-muted text-muted-foreground shadow-none")}
          >
            <SendHorizontal />
          </Button>
          {afterSend?.(text, () => setText(""))}
        </div>
      </div>
      <SlashCommandFeedback feedback={slash.feedback} onClose={slash.clearFeedback} />
    </form>
  );
}
