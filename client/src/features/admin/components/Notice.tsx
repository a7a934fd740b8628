import { CheckCircle2, CircleAlert } from "lucide-react";
import { cn } from "../../../lib/utils";

export interface NoticeState {
  type: "success" | "error";
  text: string;
}

/** The message line of a tab (a message of type success or error). */
export function Notice({ notice }: { notice: NoticeState | null }) {
  if (!notice) return null;
  const ok = notice.type === "success";
  const Icon = ok ? CheckCircle2 : CircleAlert;
  return (
    <div
      role={ok ? "status" : "alert"}
      className={cn(
        "flex items-start gap-2 rounded-md border px-3 py-2 text-sm",
        ok ? "border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300" : "border-destructive/30 bg-destructive/10 text-destructive",
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <span className="break-words">{notice.text}</span>
    </div>
  );
}
