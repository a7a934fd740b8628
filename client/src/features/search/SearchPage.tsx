// /Search?q=...: the answer of GET /api/search (docs/search.md), one group per kind. A message
// opens in its channel, scrolled to and marked (/Chat?channel=&message=).
import { useNavigate, useSearchParams } from "react-router-dom";
import { Clock, SearchX, Sparkles } from "lucide-react";
import type { SearchSort } from "@shared/search";
import { PageLayout } from "../../ui/PageLayout";
import { PageSpinner } from "../../ui/PageSpinner";
import { EmptyState } from "../../ui/EmptyState";
import { formatShortWhen } from "../../lib/format";
import { ApiError } from "../../lib/http";
import { useSearch } from "./api";
import { QueryChips } from "./components/QueryChips";
import { ResultGroup } from "./components/ResultGroup";
import { ResultItem } from "./components/ResultItem";
import { Highlighted } from "./components/Highlighted";
import { SegmentedToggle, type SegmentedOption } from "../../ui/SegmentedToggle";

// Most relevant: the most relevant of the newest 200 matches (docs/search.md).
const SORTS: SegmentedOption<SearchSort>[] = [
  { value: "newest", label: "Newest", icon: Clock },
  { value: "relevance", label: "Most relevant", icon: Sparkles },
];

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const sort: SearchSort = params.get("sort") === "relevance" ? "relevance" : "newest";
  const navigate = useNavigate();
  const search = useSearch(q, sort);
  const setSort = (s: SearchSort) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (s === "newest") next.delete("sort");
      else next.set("sort", s);
      return next;
    });

  if (!q.trim()) {
    return (
      <PageLayout title="Search" width="4xl">
        <EmptyState icon={SearchX} title="Type in the search box above" description='Words, word beginnings, "exact phrases", links, and filters like in:#general or from:@ann.' />
      </PageLayout>
    );
  }
  const answer = search.data;
  return (
    <PageLayout title="Search" description={<>Results for “{q}”</>} width="4xl">
      {search.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {search.error instanceof ApiError ? search.error.message : "Search failed. Please try again."}
        </p>
      ) : !answer ? (
        <PageSpinner />
      ) : (
        <div className="flex flex-col gap-6" data-testid="search-results">
          <QueryChips query={answer.query} />
          <ResultGroup title="Messages" count={answer.messages.length} action={<SegmentedToggle label="Order of messages" value={sort} options={SORTS} onChange={setSort} />}>
            {answer.messages.map((m) => (
              <ResultItem
                key={m.id}
                title={m.channel_type === "dm" ? "Direct message" : `#${m.channel_name}`}
                meta={`${m.sender_name || m.sender_email} · ${formatShortWhen(m.created_date)}`}
                snippet={m.snippet}
                onOpen={() => navigate(`/Chat?channel=${m.channel_id}&message=${m.id}`)}
              />
            ))}
          </ResultGroup>
          <ResultGroup title="Tasks" count={answer.tasks.length}>
            {answer.tasks.map((t) => (
              <ResultItem key={t.id} title={<Highlighted segments={t.snippet} />} meta={t.status.replace("_", " ")} snippet={[]} onOpen={() => navigate("/Tasks")} />
            ))}
          </ResultGroup>
          <ResultGroup title="Notes" count={answer.notes.length}>
            {answer.notes.map((n) => (
              <ResultItem key={n.id} title={n.topic || "Untitled note"} snippet={n.snippet} onOpen={() => navigate("/Notes")} />
            ))}
          </ResultGroup>
          <ResultGroup title="Files" count={answer.files.length}>
            {answer.files.map((f) => (
              <ResultItem key={f.id} title={<Highlighted segments={f.snippet} />} snippet={[]} onOpen={() => navigate("/FileLibrary")} />
            ))}
          </ResultGroup>
        </div>
      )}
    </PageLayout>
  );
}
