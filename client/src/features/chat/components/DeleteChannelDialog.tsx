import type { Channel } from "@shared/entities";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../ui/alert-dialog";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";

interface Props {
  channel: Channel | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteChannelDialog({ channel, pending, onCancel, onConfirm }: Props) {
  return (
    <AlertDialog open={!!channel} onOpenChange={(open) => !open && !pending && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete #{channel?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently deletes the channel and all of its messages for everyone. This can't be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction, so the dialog stays open until the server answers. */}
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending && <Spinner className="text-white" />}
            Delete channel
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
