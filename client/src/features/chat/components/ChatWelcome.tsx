import { MessagesSquare } from "lucide-react";
import { PRODUCT_NAME } from "../../../ui/BrandMark";

export function ChatWelcome() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <div className="relative">
        <div className="absolute inset-0 -z-10 scale-150 rounded-full bg-primary/10 blur-2xl" />
        <div className="flex size-16 items-center justify-center rounded-2xl border bg-background shadow-sm">
          <MessagesSquare className="size-7 text-primary" />
        </div>
      </div>
      <div className="max-w-sm">
        <h2 className="text-xl font-semibold tracking-tight">Welcome to {PRODUCT_NAME} Chat</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Talk with your team in channels, share files and turn messages into tasks.
        </p>
        <p className="mt-4 text-sm font-medium text-foreground/80">Select a channel to start chatting</p>
      </div>
    </div>
  );
}
