import { useCallsStore } from "../store";
import { useRecordingStatusStore } from "../recordingStatus";

/** Everyone in the call sees that it is being recorded, whoever started it. */
export function RecordingBadge() {
  const callId = useCallsStore((s) => s.callId);
  const local = useCallsStore((s) => s.recording);
  const status = useRecordingStatusStore((s) => (callId ? s.byCall[callId] : undefined));
  if (!local && status !== "recording") return null;
  return (
    <span
      className="ml-auto flex items-center gap-1.5 rounded-full bg-rose-600/90 px-2.5 py-1 text-xs font-medium text-white"
      role="status"
      data-testid="recording-badge"
    >
      <span className="size-2 animate-pulse rounded-full bg-white" />
      Recording in progress...
    </span>
  );
}
