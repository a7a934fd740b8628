import type { CalendarEvent } from "@shared/entities";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../ui/alert-dialog";
import { buttonVariants } from "../../../ui/button";

export function DeleteEventDialog({ event, onCancel, onConfirm }: { event: CalendarEvent | null; onCancel: () => void; onConfirm: (e: CalendarEvent) => void }) {
  return (
    <AlertDialog open={!!event} onOpenChange={(o) => !o && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete event</AlertDialogTitle>
          <AlertDialogDescription>
            {event?.recurrence_rule ? "Are you sure you want to delete every occurrence of this event?" : "Are you sure you want to delete this event?"}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={() => event && onConfirm(event)}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
