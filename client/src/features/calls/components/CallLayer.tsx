import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { hangUp, loadEngine } from "../controller";
import { pageFromPath } from "../../../app/pages";
import { useCallPickerStore, useCallsStore } from "../store";
import { IncomingCallDialog } from "./IncomingCallDialog";
import { MediaPermissionDialog } from "./MediaPermissionDialog";
import { OutgoingCallDialog } from "./OutgoingCallDialog";
import { useRingingCallFromUrl } from "../useRingingCallFromUrl";

// The picker and the call view are only downloaded when used; the shell stays light.
const CallPickerDialog = lazy(() => import("./CallPickerDialog"));
const ActiveCallView = lazy(() => import("./ActiveCallView"));
const WARM_AFTER_MS = 3000;

/**
 * Everything about calls that floats above the pages. It sits inside the shell, so a call
 * survives page changes; it ends with the shell (sign-out).
 */
export function CallLayer() {
  const pickerOpen = useCallPickerStore((s) => s.callPicker.open);
  const status = useCallsStore((s) => s.status);
  const outgoing = useCallsStore((s) => s.outgoing);
  // The meeting page shows the call inline; everywhere else it takes the full screen.
  const onMeetPage = pageFromPath(useLocation().pathname) === "Meet";
  // Opened from an incoming-call push: ring if the call still rings.
  useRingingCallFromUrl();

  // Once the page is idle, fetch the call engine and view ahead of time: the first call after
  // sign-in then connects as fast as later ones instead of waiting for the download. Not before
  // WARM_AFTER_MS: while the first screen loads, the main thread is idle only because it waits
  // on the network, and these downloads would compete with that screen's own (docs/benchmarks.md, "Cold load").
  useEffect(() => {
    const warm = () => {
      void loadEngine().catch(() => {});
      void import("./ActiveCallView").catch(() => {});
    };
    let idle: number | null = null;
    const t = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(warm, { timeout: 5000 });
      else warm();
    }, WARM_AFTER_MS);
    return () => {
      window.clearTimeout(t);
      if (idle !== null) window.cancelIdleCallback(idle);
    };
  }, []);
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
    </>
  );
}
