// A composer's text, kept as a draft per person and place (./drafts.ts, docs/messages.md, "Writing").
import { useEffect, useState } from "react";
import { useSessionStore } from "../auth/store";
import { draftKey, loadDraft, saveDraft, type DraftPlace } from "./drafts";
import { setComposing } from "./composing";

/** Like useState for the composer's text, restored from and saved to the place's draft. */
export function useDraft(place: DraftPlace): [string, (next: string | ((current: string) => string)) => void] {
  const user = useSessionStore((s) => s.user?.id ?? s.user?.email);
  const key = draftKey(user, place);
  const [state, setState] = useState(() => ({ key, text: loadDraft(key) }));
  // Another place (or person) in the same composer: show that place's draft.
  const current = state.key === key ? state : { key, text: loadDraft(key) };
  if (current !== state) setState(current);

  useEffect(() => saveDraft(current.key, current.text), [current.key, current.text]);
  // Unsent text holds back a reload after a deploy (./composing.ts).
  const [holder] = useState(() => Symbol("composer"));
  const dirty = current.text.trim() !== "";
  useEffect(() => {
    setComposing(holder, dirty);
    return () => setComposing(holder, false);
  }, [holder, dirty]);

  const setText = (next: string | ((c: string) => string)) =>
    setState((s) => ({ key: s.key, text: typeof next === "function" ? next(s.text) : next }));
  return [current.text, setText];
}
