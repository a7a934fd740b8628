import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { hangUp, registerCallHandlers } from "../../calls/controller";
import { pageFromPath } from "../../lib/pages";
import { useCallsStore } from "../../stores/calls";
import { useUiStore } from "../../stores/ui";
import { IncomingCallDialog } from "./IncomingCallDialog";
import { MediaPermissionDialog } from "./MediaPermissionDialog";
import { NotificationToggle } from "./NotificationToggle";
import { OutgoingCallDialog } from "./OutgoingCallDialog";

// The picker and the call view are only downloaded when used; the shell stays light.
const CallPickerDialog = lazy(() => import("./CallPickerDialog"));
const ActiveCallView = lazy(() => import("./ActiveCallView"));

/**
 * Everything about calls that floats above the pages. It sits inside the shell, so a call
 * survives page changes; it ends with the shell (sign-out).
 */
export function CallLayer() {
  const pickerOpen = useUiStore((s) => s.callPicker.open);
  const status = useCallsStore((s) => s.status);
  const outgoing = useCallsStore((s) => s.outgoing);
  // The meeting page shows the call inline; everywhere else it takes the full screen.
  const onMeetPage = pageFromPath(useLocation().pathname) === "Meet";

  useEffect(() => registerCallHandlers(), []);
  useEffect(() => () => hangUp(), []);

  // The caller sees "Calling..." until someone answers; everyone else goes straight to the call view.
  const showCallView = !onMeetPage && (status === "connected" || (status === "connecting" && !outgoing));

  return (
    <>
      {pickerOpen && (
        <Suspense fallback={null}>
          <CallPickerDialog />
        </Suspense>
      )}
      <IncomingCallDialog />
      <OutgoingCallDialog />
      {showCallView && (
        <Suspense fallback={null}>
          <ActiveCallView />
        </Suspense>
      )}
      <MediaPermissionDialog />
      <NotificationToggle />
    </>
  );
}
