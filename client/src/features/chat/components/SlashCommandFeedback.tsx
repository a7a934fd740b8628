import { X } from "lucide-react";
import type { SlashFeedback } from "../useSlashCommands";
import { cn } from "../../../lib/utils";

/** A slash command's answer under the composer: for the person who typed it only, gone when they type on or close it. */
export function SlashCommandFeedback({ feedback, onClose }: { feedback: SlashFeedback | null; onClose: () => void }) {
  if (!feedback) return null;
  const error = feedback.kind === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      data-testid="slash-command-feedback"
      className={cn("mt-1 flex items-start gap-2 rounded-md px-2 py-1 text-xs", error ? "text-destructive" : "text-muted-foreground")}
    >
      <span className="min-w-0 flex-1">{feedback.text}</span>
      <button type="button" aria-label="Dismiss" onClick={onClose} className="shrink-0 rounded-sm opacity-70 hover:opacity-100">
        <X className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}
