import { useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import type { ChatMessage } from "@shared/entities";
import { toast } from "../../../ui/notifications";
import { editMessage } from "../messageActions";

const MAX_HEIGHT_PX = 240;

/** Inline editing of one's own message: Enter saves, Shift+Enter breaks the line, Escape cancels. */
export function MessageEditor({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const [text, setText] = useState(message.content);
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = async () => {
    const content = text.trim();
    if (content === message.content) return onDone();
    if (!content) {
      toast({ title: "A message can't be empty", description: "Delete it instead.", variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      await editMessage(message, content);
      onDone();
    } catch (err) {
      console.error("Failed to edit message", err);
      toast({ title: "Couldn't save your edit", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
      setSaving(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!saving) void save();
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onDone();
    }
  };

  return (
    <div className="mt-0.5 mb-1">
      <textarea
        ref={ref}
        aria-label="Edit message"
        value={text}
        disabled={saving}
        rows={1}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        className="scrollbar-thin block w-full resize-none rounded-lg border border-input bg-background px-3 py-2 text-[14px] leading-[1.45rem] shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:opacity-60"
      />
      <p className="mt-1 text-[11.5px] text-muted-foreground">
        Enter to save · Escape to cancel
      </p>
    </div>
  );
}
