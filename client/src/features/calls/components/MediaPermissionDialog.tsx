import { CameraOff } from "lucide-react";
import { useCallsStore } from "../store";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../ui/alert-dialog";

const STEPS = [
  "Click the camera or lock icon in your browser's address bar.",
  "Find the camera and microphone permissions.",
  "Set them to Allow.",
  "Reload the page if needed.",
];

export function MediaPermissionDialog() {
  const error = useCallsStore((s) => s.mediaError);
  const close = () => useCallsStore.getState().patch({ mediaError: null });
  return (
    <AlertDialog open={!!error} onOpenChange={(open) => !open && close()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <CameraOff className="size-5" />
          </div>
          <AlertDialogTitle>Media Permission Required</AlertDialogTitle>
          <AlertDialogDescription>{error}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="rounded-lg border bg-muted/40 p-4">
          <p className="mb-2 text-sm font-medium">To allow access:</p>
          <ol className="grid list-decimal gap-1.5 pl-5 text-sm text-muted-foreground">
            {STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <AlertDialogFooter>
          <AlertDialogAction onClick={close}>Got it</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
