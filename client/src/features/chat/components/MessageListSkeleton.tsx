import { Skeleton } from "../../../ui/skeleton";

const WIDTHS = ["72%", "48%", "86%", "35%", "64%", "55%"];

export function MessageListSkeleton() {
  return (
    <div className="flex flex-1 flex-col justify-end gap-5 overflow-hidden px-5 pb-6" aria-busy="true" aria-label="Loading messages">
      {WIDTHS.map((w, i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-9 shrink-0 rounded-lg" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-3.5 w-28" />
            <Skeleton className="h-3.5" style={{ width: w }} />
          </div>
        </div>
      ))}
    </div>
  );
}
