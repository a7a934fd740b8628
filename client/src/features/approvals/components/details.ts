import { format, parseISO } from "date-fns";
import type { ApprovalRequest } from "@shared/entities";

const day = (d: string) => {
  const parsed = parseISO(d);
  return Number.isNaN(parsed.getTime()) ? d : format(parsed, "MMM d, yyyy");
};

/** The category's own facts: the amount for money, the dates for Time Off. */
export function approvalFacts(r: Pick<ApprovalRequest, "amount" | "start_date" | "end_date">): string[] {
  const facts: string[] = [];
  if (r.amount != null) facts.push(r.amount.toLocaleString(undefined, { style: "currency", currency: "USD" }));
  if (r.start_date && r.end_date && r.end_date !== r.start_date) facts.push(`${day(r.start_date)} – ${day(r.end_date)}`);
  else if (r.start_date) facts.push(day(r.start_date));
  return facts;
}
