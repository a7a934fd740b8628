import { useState } from "react";
import { Plus, X } from "lucide-react";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Input } from "../../../ui/input";

interface Props {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** A tag is trimmed, added by Enter or the plus button, duplicates ignored; clicking a tag removes it. */
export function TagInput({ id, tags, onChange }: Props) {
  const [draft, setDraft] = useState("");
  const add = () => {
    const tag = draft.trim();
    if (tag && !tags.includes(tag)) onChange([...tags, tag]);
    setDraft("");
  };
  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder="Add a tag"
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" size="icon" aria-label="Add tag" onClick={add}>
          <Plus />
        </Button>
      </div>
      {tags.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {tags.map((t) => (
            <button key={t} type="button" onClick={() => onChange(tags.filter((x) => x !== t))} aria-label={`Remove tag ${t}`}>
              <Badge variant="secondary" className="cursor-pointer font-normal hover:bg-destructive/10 hover:text-destructive">
                {t}
                <X />
              </Badge>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
