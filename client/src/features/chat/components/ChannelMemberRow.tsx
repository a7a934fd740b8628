import { UserMinus } from "lucide-react";
import { DEFAULT_JOB_TITLE } from "@shared/constants";
import type { PublicUser } from "@shared/entities";
import { UserAvatar } from "../../../ui/avatar";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { SimpleTooltip } from "../../../ui/tooltip";

interface Props {
  email: string;
  /** Unknown when the address belongs to nobody in the directory (yet). */
  person: PublicUser | undefined;
  isMe: boolean;
  canRemove: boolean;
  removing: boolean;
  onRemove: () => void;
}

export function ChannelMemberRow({ email, person, isMe, canRemove, removing, onRemove }: Props) {
  const name = person?.full_name ?? email;
  return (
    <li className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-accent/60" data-member={email}>
      <UserAvatar name={name} email={email} photo={person?.profile_photo} className="size-8" />
      <span className="grid min-w-0 flex-1 leading-tight">
        <span className="flex items-center gap-2">
          <span className="truncate text-sm font-medium">{name}</span>
          {isMe && <Badge variant="secondary">You</Badge>}
        </span>
        <span className="truncate text-xs text-muted-foreground">{person ? person.job_title || DEFAULT_JOB_TITLE : "Not in the directory"}</span>
      </span>
      {canRemove && (
        <SimpleTooltip label={`Remove ${name}`}>
          <Button
            variant="ghost"
            size="icon-xs"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
            disabled={removing}
            className="text-muted-foreground hover:text-destructive"
          >
            {removing ? <Spinner label={`Removing ${name}`} /> : <UserMinus />}
          </Button>
        </SimpleTooltip>
      )}
    </li>
  );
}
