import { useEffect, useRef, useState } from "react";
import { Search } from "lucide-react";
import { Button } from "../../../ui/button";
import { cn } from "../../../lib/utils";
import { useLocation, useNavigate } from "react-router-dom";
import { SearchInput } from "../../../ui/SearchInput";
import { Kbd } from "../../../ui/kbd";

const typingInField = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));

/**
 * The header's search box: Ctrl/Cmd+K, or "/" outside a text field, focuses it; Enter opens
 * /Search?q=. On a phone (`compact`) it is a button until used, then covers the header.
 */
export function SearchBox({ compact = false }: { compact?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const onResults = location.pathname.toLowerCase() === "/search";
  const current = onResults ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [value, setValue] = useState(current);
  const [open, setOpen] = useState(false);
  const expanded = !compact || open;

  useEffect(() => setValue(current), [current]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const combo = e.key.toLowerCase() === "k" && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey;
      if (combo || (e.key === "/" && !e.metaKey && !e.ctrlKey && !e.altKey && !typingInField(e.target))) {
        e.preventDefault();
        setOpen(true);
        // Focused once shown (a phone's box mounts on open).
        requestAnimationFrame(() => {
          inputRef.current?.focus();
          inputRef.current?.select();
        });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (!expanded) {
    return (
      <Button variant="ghost" size="icon-sm" className="text-muted-foreground" aria-label="Search" onClick={() => setOpen(true)}>
        <Search />
      </Button>
    );
  }

  return (
    <form
      role="search"
      className={cn("relative", compact ? "absolute inset-x-2 top-1.5 z-20 bg-background" : "w-64")}
      onSubmit={(e) => {
        e.preventDefault();
        const q = value.trim();
        if (q) navigate(`/Search?q=${encodeURIComponent(q)}`);
        inputRef.current?.blur();
      }}
    >
      <SearchInput
        ref={inputRef}
        aria-label="Search"
        placeholder="Search"
        value={value}
        onValueChange={setValue}
        size="sm"
        inputClassName="pr-12"
        autoFocus={compact}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "Escape") inputRef.current?.blur();
        }}
      />
      <Kbd className={cn("absolute top-1/2 right-2 -translate-y-1/2", compact && "hidden")} aria-hidden>
        Ctrl K
      </Kbd>
    </form>
  );
}
