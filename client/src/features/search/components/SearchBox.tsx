import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { SearchInput } from "../../../ui/SearchInput";
import { Kbd } from "../../../ui/kbd";

const typingInField = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));

/** The header's search box: Ctrl/Cmd+K, or "/" outside a text field, focuses it; Enter opens /Search?q=. */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const onResults = location.pathname.toLowerCase() === "/search";
  const current = onResults ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [value, setValue] = useState(current);

  useEffect(() => setValue(current), [current]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const combo = e.key.toLowerCase() === "k" && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey;
      if (combo || (e.key === "/" && !e.metaKey && !e.ctrlKey && !e.altKey && !typingInField(e.target))) {
        e.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <form
      role="search"
      className="relative w-40 sm:w-64"
      onSubmit={(e) => {
        e.preventDefault();
        const q = value.trim();
        if (q) navigate(`/Search?q=${encodeURIComponent(q)}`);
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
        onKeyDown={(e) => {
          if (e.key === "Escape") inputRef.current?.blur();
        }}
      />
      <Kbd className="absolute top-1/2 right-2 hidden -translate-y-1/2 sm:inline-flex" aria-hidden>
        Ctrl K
      </Kbd>
    </form>
  );
}
