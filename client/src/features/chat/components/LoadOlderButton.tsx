import { ChevronUp } from "lucide-react";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";

/** The way back in time at the top of a paged message list (a channel's or a thread's). */
export function LoadOlderButton({ label, loading, onClick }: { label: string; loading: boolean; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={loading} className="rounded-full">
      {loading ? <Spinner /> : <ChevronUp />}
      {label}
    </Button>
  );
}
