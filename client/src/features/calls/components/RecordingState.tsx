import { useState } from "react";
import { AlertCircle, CircleDot, Download, Loader2, VideoOff } from "lucide-react";
import type { CallRecord } from "@shared/realtime";
import { toast } from "../../../ui/notifications";
import { Button } from "../../../ui/button";
import { downloadRecording } from "../api";

export const DOWNLOAD_FAILED = "Failed to download recording. Please try again.";

/** The recording line of a call card, or the download button when done. */
export function RecordingState({ call }: { call: CallRecord }) {
  const [downloading, setDownloading] = useState(false);
  const rec = call.recording;
  const status = rec?.recording_status;
  const line = "flex items-center gap-1.5 text-xs";

  switch (status) {
    case "not_configured":
      return (
        <p className={`${line} text-muted-foreground`}>
          <VideoOff className="size-3.5" />
          Recording not configured for your organization
        </p>
      );
    case "failed":
      return (
        <p className={`${line} text-destructive`}>
          <AlertCircle className="size-3.5" />
          Recording failed: {rec.error_message || "Unknown error"}
        </p>
      );
    case "processing":
      return (
        <p className={`${line} text-muted-foreground`}>
          <Loader2 className="size-3.5 animate-spin" />
          Processing recording...
        </p>
      );
    case "recording":
      return (
        <p className={`${line} text-rose-600 dark:text-rose-400`}>
          <CircleDot className="size-3.5 animate-pulse" />
          Recording in progress...
        </p>
      );
    case "completed":
      return (
        <Button
          variant="outline"
          size="sm"
          disabled={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadRecording(call.id, call.call_id);
            } catch {
              toast({ title: "Download failed", description: DOWNLOAD_FAILED, variant: "destructive" });
            } finally {
              setDownloading(false);
            }
          }}
        >
          {downloading ? <Loader2 className="animate-spin" /> : <Download />}
          Download recording
        </Button>
      );
    default:
      return null;
  }
}
