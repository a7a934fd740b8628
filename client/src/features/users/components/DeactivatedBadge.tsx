import { UserX } from "lucide-react";
import { Badge } from "../../../ui/badge";

/** Marks a person whose account an admin deactivated: their name stays on what they wrote, but they cannot be reached. */
export function DeactivatedBadge({ className }: { className?: string }) {
  return (
    <Badge variant="outline" className={className} title="This account has been deactivated">
      <UserX aria-hidden />
      Deactivated
    </Badge>
  );
}
