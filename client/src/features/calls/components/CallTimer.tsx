import { useEffect, useState } from "react";
import { formatClock } from "../duration";

/** Time since the call connected, as m:ss or h:mm:ss. */
export function CallTimer({ since }: { since: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!since) return <span>Connecting…</span>;
  return <span className="tabular-nums">{formatClock(Math.max(0, Math.floor((now - since) / 1000)))}</span>;
}
