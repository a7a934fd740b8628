import { PhoneIncoming, PhoneMissed, PhoneOutgoing, Users, Video, Phone } from "lucide-react";
import { format } from "date-fns";
import type { CallRecord } from "@shared/realtime";
import { parseDate } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { UserAvatar } from "../../../ui/avatar";
import { Badge } from "../../../ui/badge";
import { Card } from "../../../ui/card";
import { formatDuration } from "../duration";
import { RecordingState } from "./RecordingState";
import { callStatusLabel, participantLabel, showsRecordingState, type CallTone } from "../callOutcome";
import { CallMessageButton } from "./CallMessageButton";

const STATUS_STYLE: Record<CallTone, string> = {
  connected: "bg-emerald-500/10 text-emerald-700 dark:text-emerald-400",
  ended: "bg-secondary text-secondary-foreground",
  cancelled: "bg-secondary text-secondary-foreground",
  missed: "bg-rose-500/10 text-rose-700 dark:text-rose-400",
  rejected: "bg-amber-500/10 text-amber-700 dark:text-amber-400",
  busy: "bg-amber-500/10 text-amber-700 dark:text-amber-400",
  ringing: "bg-sky-500/10 text-sky-700 dark:text-sky-400",
};

interface Props {
  call: CallRecord;
  myId: number | undefined;
  /** Opens the direct message with someone from the call. */
  onMessage: (userId: number) => void;
  /** Whose direct message is being opened, if anyone's. */
  messagingUserId: number | null;
}

export function CallCard({ call, myId, onMessage, messagingUserId }: Props) {
  const outgoing = call.initiator_id === myId;
  const badge = callStatusLabel(call, myId);
  const unanswered = badge.tone === "missed" || badge.tone === "rejected";
  const DirIcon = unanswered && !outgoing ? PhoneMissed : outgoing ? PhoneOutgoing : PhoneIncoming;
  const others = call.participant_list.filter((p) => p.user_id !== myId);
  const when = parseDate(call.started_at ?? call.created_at);
  const isGroup = call.participant_list.length > 2;

  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start" data-testid="call-card" data-call-id={call.call_id}>
      <span
        className={cn(
          "flex size-10 shrink-0 items-center justify-center rounded-full",
          unanswered ? "bg-rose-500/10 text-rose-600" : "bg-primary/10 text-primary",
        )}
      >
        <DirIcon className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-semibold">
            {others.map((p) => p.name).join(", ") || "Call"}
          </h3>
          <Badge className={cn("border-transparent", STATUS_STYLE[badge.tone])}>{badge.text}</Badge>
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            {call.call_type === "video" ? <Video className="size-3.5" /> : <Phone className="size-3.5" />}
            {isGroup && <Users className="size-3.5" />}
            {outgoing ? "Outgoing" : "Incoming"} {isGroup ? "group " : ""}
            {call.call_type} call
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          {call.participant_list.map((p) => (
            <span key={p.user_id} className="flex items-center gap-2 rounded-full border bg-muted/30 py-1 pr-3 pl-1 text-xs">
              <UserAvatar name={p.name} className="size-5 *:text-[9px]" />
              <span className="font-medium">{p.user_id === myId ? "You" : p.name}</span>
              <span className="text-muted-foreground">
                {participantLabel(call, p)}
                {p.duration_seconds > 0 && ` · ${formatDuration(p.duration_seconds)}`}
              </span>
            </span>
          ))}
        </div>
        {showsRecordingState(call) && <RecordingState call={call} />}
      </div>
      <div className="flex shrink-0 flex-row items-center gap-3 text-sm sm:flex-col sm:items-end sm:gap-1">
        <span className="font-medium tabular-nums" data-testid="call-duration">
          {formatDuration(call.duration_seconds)}
        </span>
        {when && <span className="text-xs text-muted-foreground">{format(when, "MMM d, yyyy · h:mm a")}</span>}
        <div className="ml-auto sm:mt-2 sm:ml-0">
          <CallMessageButton others={others} pending={others.some((p) => p.user_id === messagingUserId)} onMessage={onMessage} />
        </div>
      </div>
    </Card>
  );
}
