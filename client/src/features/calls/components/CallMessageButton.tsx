import { ChevronDown, MessageSquare } from "lucide-react";
import type { CallParticipant } from "@shared/realtime";
import { Button } from "../../../ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../../ui/dropdown-menu";
import { Spinner } from "../../../ui/spinner";

interface Props {
  /** The people of the call other than oneself. */
  others: CallParticipant[];
  pending: boolean;
  onMessage: (userId: number) => void;
}

/** "Message" on a call: the other person's dm, or a choice of person after a group call. */
export function CallMessageButton({ others, pending, onMessage }: Props) {
  if (others.length === 0) return null;
  const icon = pending ? <Spinner label="Opening messages" /> : <MessageSquare />;
  if (others.length === 1) {
    const [other] = others;
    return (
      <Button variant="outline" size="sm" aria-label={`Message ${other.name}`} disabled={pending} onClick={() => onMessage(other.user_id)}>
        {icon}
        Message
      </Button>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={pending}>
          {icon}
          Message
          <ChevronDown className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        {others.map((p) => (
          <DropdownMenuItem key={p.user_id} onSelect={() => onMessage(p.user_id)}>
            <MessageSquare />
            {p.name}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
