import { mentionsAsText } from "@shared/mentions";
import { useState } from "react";
import type { ChatMessage } from "@shared/entities";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { toast } from "../../../ui/notifications";
import { deleteMessage } from "../messageActions";

/** Asks before `messages.delete`; everyone in the channel sees the message go (docs/messages.md, "Reactions and edits"). */
export function DeleteMessageDialog({ message, onClose }: { message: ChatMessage; onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await deleteMessage(message);
      onClose();
    } catch (err) {
      console.error("Failed to delete message", err);
      toast({ title: "Couldn't delete the message", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
      setPending(false);
    }
  };
  const text = mentionsAsText(message.content);
  const preview = text.length > 140 ? `${text.slice(0, 140)}…` : text;
  return (
    <ConfirmDialog
      open
      title="Delete this message?"
      description={
        <>
          It is removed for everyone in the channel, with its reactions and earlier versions.
          {preview && <span className="mt-2 block rounded-md border bg-muted/40 px-3 py-2 break-words text-foreground/80">{preview}</span>}
        </>
      }
      confirmLabel="Delete"
      pending={pending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
