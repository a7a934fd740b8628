import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router-dom";
import { Card, CardContent, CardHeader, CardTitle } from "../../../ui/card";
import { Skeleton } from "../../../ui/skeleton";

interface Props {
  title: string;
  icon: LucideIcon;
  /** The page the card summarises. */
  to?: string;
  loading: boolean;
  error?: boolean;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A Dashboard card: a title with a link to its page, then up to five rows. */
export function DashboardCard({ title, icon: Icon, to, loading, error, empty, emptyText, children }: Props) {
  return (
    <Card className="flex min-w-0 flex-col" data-testid={`dashboard-card-${title}`}>
      <CardHeader className="flex flex-row items-center gap-2 pb-2">
        <span className="flex size-7 items-center justify-center rounded-md bg-primary/10 text-primary">
          <Icon className="size-4" />
        </span>
        <CardTitle className="text-base">{title}</CardTitle>
        {to && (
          <Link to={to} className="ml-auto flex items-center gap-1 text-xs text-muted-foreground hover:text-foreground">
            View all
            <ArrowRight className="size-3" />
          </Link>
        )}
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        {loading && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-9 w-full" />)}
        {!loading && empty && <p className="py-4 text-sm text-muted-foreground">{error ? `Couldn't load ${title.toLowerCase()}.` : emptyText}</p>}
        {!loading && children}
      </CardContent>
    </Card>
  );
}
