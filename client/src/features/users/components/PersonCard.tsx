import { Mail, MessageSquare, Phone, Video } from "lucide-react";
import { DEFAULT_JOB_TITLE } from "@shared/constants";
import type { PublicUser } from "@shared/entities";
import { UserAvatar } from "../../../ui/avatar";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { Spinner } from "../../../ui/spinner";
import { SimpleTooltip } from "../../../ui/tooltip";
import { PresenceDot } from "../../presence/PresenceDot";
import { PRESENCE_LABELS, type ShownPresence } from "../../presence/shownPresence";
import { DeactivatedBadge } from "./DeactivatedBadge";
import { customStatus } from "../customStatus";

interface PersonCardProps {
  user: PublicUser;
  presence: ShownPresence;
  isMe: boolean;
  onCall: (user: PublicUser, kind: "audio" | "video") => void;
  onMessage: (user: PublicUser) => void;
  /** The direct message with this person is being opened. */
  messaging: boolean;
}

export function PersonCard({ user, presence, isMe, onCall, onMessage, messaging }: PersonCardProps) {
  const inactive = user.is_active === false;
  const shown: ShownPresence = inactive ? "offline" : presence;
  const callable = !isMe && !inactive;
  const why = isMe ? "This is you" : "This account has been deactivated";
  const status = customStatus(user);
  return (
    <Card className="group flex flex-col gap-4 p-5 transition-shadow hover:shadow-md" data-testid={`person-${user.id}`}>
      <div className="flex items-start gap-3.5">
        <span className="relative shrink-0">
          <UserAvatar name={user.full_name} email={user.email} photo={user.profile_photo} className="size-12 *:text-sm" />
          <PresenceDot presence={shown} className="absolute -right-0.5 -bottom-0.5 size-3 ring-2 ring-card" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex items-center gap-2">
            <h3 className="truncate font-semibold">{user.full_name}</h3>
            {isMe && <Badge variant="secondary">You</Badge>}
            {inactive && <DeactivatedBadge />}
          </div>
          <p className="truncate text-sm text-muted-foreground">{user.job_title || DEFAULT_JOB_TITLE}</p>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <span className="sr-only">Status:</span>
            {PRESENCE_LABELS[shown]}
            {user.department && <span aria-hidden>·</span>}
            {user.department}
          </p>
        </div>
      </div>
      {status && (
        <p className="line-clamp-2 text-sm text-foreground/80">
          “{status.text}”{status.until && <span className="text-xs text-muted-foreground"> · until {status.until}</span>}
        </p>
      )}
      <div className="mt-auto flex items-center gap-2 border-t pt-4">
        <a
          href={`mailto:${user.email}`}
          className="flex min-w-0 flex-1 items-center gap-1.5 truncate text-xs text-muted-foreground hover:text-foreground"
        >
          <Mail className="size-3.5 shrink-0" />
          <span className="truncate">{user.email}</span>
        </a>
        <SimpleTooltip label={callable ? `Message ${user.full_name}` : why}>
          <span tabIndex={callable ? -1 : 0}>
            <Button
              variant="outline"
              size="icon-sm"
              aria-label={`Message ${user.full_name}`}
              disabled={!callable || messaging}
              onClick={() => onMessage(user)}
            >
              {messaging ? <Spinner label={`Opening messages with ${user.full_name}`} /> : <MessageSquare />}
            </Button>
          </span>
        </SimpleTooltip>
        <SimpleTooltip label={callable ? `Audio call ${user.full_name}` : why}>
          <span tabIndex={callable ? -1 : 0}>
            <Button
              variant="outline"
              size="icon-sm"
              aria-label={`Audio call ${user.full_name}`}
              disabled={!callable}
              onClick={() => onCall(user, "audio")}
            >
              <Phone />
            </Button>
          </span>
        </SimpleTooltip>
        <SimpleTooltip label={callable ? `Video call ${user.full_name}` : why}>
          <span tabIndex={callable ? -1 : 0}>
            <Button size="icon-sm" aria-label={`Video call ${user.full_name}`} disabled={!callable} onClick={() => onCall(user, "video")}>
              <Video />
            </Button>
          </span>
        </SimpleTooltip>
      </div>
    </Card>
  );
}
