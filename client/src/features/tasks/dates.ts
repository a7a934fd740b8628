import { format, isValid, parse } from "date-fns";

/** A date-only 'YYYY-MM-DD' as a local calendar day, or null. */
export function parseDay(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = parse(value.slice(0, 10), "yyyy-MM-dd", new Date());
  return isValid(d) ? d : null;
}

/** The documented due date text: 'MMM d, yyyy', or 'Not set'. */
export function formatDue(value: string | null | undefined): string {
  const d = parseDay(value);
  return d ? format(d, "MMM d, yyyy") : "Not set";
}

/** The form's date as the API's YYYY-MM-DD, or null when it is not a real date. */
export function dueDateForSave(value: string): string | null {
  const d = parseDay(value);
  return d && /^\d{4}-\d{2}-\d{2}$/.test(value) ? format(d, "yyyy-MM-dd") : null;
}
