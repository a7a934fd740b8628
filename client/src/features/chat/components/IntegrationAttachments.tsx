import type { ChatMessage } from "@shared/entities";
import { AttachmentCard } from "./AttachmentCard";

/** The Slack-style attachments an integration's message carries, in order. */
export function IntegrationAttachments({ message }: { message: Pick<ChatMessage, "attachments"> }) {
  if (!message.attachments?.length) return null;
  return (
    <div className="grid gap-1">
      {message.attachments.map((a, i) => (
        <AttachmentCard key={i} attachment={a} />
      ))}
    </div>
  );
}
