import { Hash, Lock, MessageCircle } from "lucide-react";
import type { Channel } from "@shared/entities";
import { cn } from "../../../lib/utils";

export function ChannelIcon({ type, className }: { type: Channel["type"]; className?: string }) {
  const Icon = type === "private" ? Lock : type === "dm" ? MessageCircle : Hash;
  return <Icon aria-hidden className={cn("size-4 shrink-0", className)} />;
}
