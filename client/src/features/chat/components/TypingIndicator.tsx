import { useEffect, useState } from "react";
import { useChatStore } from "../store";

export function TypingIndicator({ channelId }: { channelId: number }) {
  const typing = useChatStore((s) => s.typing[channelId]);
  const [now, setNow] = useState(() => Date.now());
  // Entries expire by time, not by event, so re-check while anyone is listed.
  useEffect(() => {
    if (!typing?.length) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [typing]);
  const names = (typing ?? []).filter((t) => t.until > now).map((t) => t.name);
  const text =
    names.length === 0
      ? ""
      : names.length === 1
        ? `${names[0]} is typing…`
        : names.length === 2
          ? `${names[0]} and ${names[1]} are typing…`
          : "Several people are typing…";
  return (
    <div aria-live="polite" className="h-5 truncate px-5 text-xs text-muted-foreground">
      {text}
    </div>
  );
}
