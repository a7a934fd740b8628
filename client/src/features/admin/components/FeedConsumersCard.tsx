import { RotateCcw } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { adminKeys, retryDeadLetter, useFeedStatus } from "../api";
import { Button } from "../../../ui/button";
import { toast } from "../../../ui/notifications";

/** The change feed's consumers (docs/architecture.md, "Side effects"): how far behind each is, its last error, and the dead letters to retry. */
export function FeedConsumersCard() {
  const qc = useQueryClient();
  const { data, error } = useFeedStatus();
  if (error) return <p className="text-sm text-destructive">{error.message}</p>;
  if (!data) return null;
  const retry = async (id: number) => {
    try {
      await retryDeadLetter(id);
      toast({ title: "Handled again" });
    } catch (err) {
      toast({ title: "It failed again", description: err instanceof Error ? err.message : undefined, variant: "destructive" });
    }
    await qc.invalidateQueries({ queryKey: adminKeys.feed });
  };
  const waiting = data.dead_letters.filter((d) => !d.retried_at);
  return (
    <section className="rounded-xl border bg-card p-5" aria-labelledby="feed-consumers">
      <h2 id="feed-consumers" className="mb-3 font-semibold">
        Change feed consumers
      </h2>
      <ul className="grid gap-1 text-sm">
        {data.consumers.map((c) => (
          <li key={c.name}>
            <span className="font-mono text-xs">{c.name}</span>: {c.behind.toLocaleString()} behind
            {c.failures ? `, ${c.failures} failures${c.last_error ? ` (${c.last_error})` : ""}` : ""}
          </li>
        ))}
      </ul>
      {waiting.length > 0 && (
        <ul className="mt-4 grid gap-2 text-sm">
          {waiting.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs">
                {d.consumer} · {d.tbl}.{d.op} #{d.row_id}
              </span>
              <span className="text-muted-foreground">{d.error}</span>
              <Button size="sm" variant="outline" className="ml-auto" onClick={() => void retry(d.id)}>
                <RotateCcw /> Retry
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
