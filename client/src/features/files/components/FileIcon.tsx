import { File, FileArchive, FileAudio, FileImage, FileText, FileVideo } from "lucide-react";
import { cn } from "../../../lib/utils";

const ICONS = { document: FileText, image: FileImage, video: FileVideo, audio: FileAudio, archive: FileArchive } as const;
const TONES: Record<string, string> = {
  document: "bg-sky-500/10 text-sky-600 dark:text-sky-400",
  image: "bg-emerald-500/10 text-emerald-600 dark:text-emerald-400",
  video: "bg-violet-500/10 text-violet-600 dark:text-violet-400",
  audio: "bg-amber-500/10 text-amber-600 dark:text-amber-400",
  archive: "bg-rose-500/10 text-rose-600 dark:text-rose-400",
};

export function FileIcon({ category, className }: { category: string; className?: string }) {
  const Icon = ICONS[category as keyof typeof ICONS] ?? File;
  return (
    <div className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg", TONES[category] ?? "bg-muted text-muted-foreground", className)}>
      <Icon className="size-5" />
    </div>
  );
}
