// The emoji picker itself, loaded only when someone first opens it (./EmojiPickerPopover.tsx
// imports this file lazily), so the picker and its emoji data stay out of the initial bundle.
// Native emoji: the picker's data ships in the package and it fetches nothing from elsewhere.
import EmojiPicker from "emoji-picker-react";
import { useThemeStore } from "../../../app/theme";

export default function EmojiPickerPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const dark = useThemeStore((s) => s.resolved === "dark");
  return (
    <EmojiPicker
      onEmojiClick={(data) => onPick(data.emoji)}
      colorScheme={dark ? "dark" : "light"}
      autoFocusSearch
      lazyLoadEmojis
      previewConfig={{ showPreview: false }}
      width={320}
      height={380}
    />
  );
}
