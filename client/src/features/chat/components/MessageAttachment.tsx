import { Download, FileText } from "lucide-react";
import type { ChatMessage } from "@shared/entities";

export function MessageAttachment({ message }: { message: ChatMessage }) {
  if (!message.file_url) return null;
  const name = message.file_name || "Attachment";
  if (message.message_type === "image") {
    return (
      <a href={message.file_url} target="_blank" rel="noreferrer" className="mt-1.5 block w-fit max-w-full">
        <img
          src={message.file_url}
          alt={name}
          loading="lazy"
          className="max-h-72 max-w-full rounded-lg border bg-muted object-contain sm:max-w-sm"
          data-testid="message-image"
        />
      </a>
    );
  }
  return (
    <a
      href={message.file_url}
      target="_blank"
      rel="noreferrer"
      download={name}
      className="mt-1.5 flex w-fit max-w-full items-center gap-3 rounded-lg border bg-card px-3 py-2.5 text-sm shadow-xs transition-colors hover:bg-accent"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
        <FileText className="size-4" />
      </span>
      <span className="min-w-0 truncate font-medium">{name}</span>
      <Download className="size-4 shrink-0 text-muted-foreground" />
    </a>
  );
}
