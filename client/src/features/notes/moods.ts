import { Frown, Heart, Laugh, Meh, PartyPopper, Zap, type LucideIcon } from "lucide-react";
import { MOODS } from "@shared/entities/notes";

export type Mood = (typeof MOODS)[number];

// Icons rather than emoji: they look the same on every system and follow the theme.
export const MOOD_ICON: Record<Mood, LucideIcon> = {
  happy: Laugh,
  excited: PartyPopper,
  grateful: Heart,
  neutral: Meh,
  stressed: Zap,
  sad: Frown,
};

export const moodName = (m: Mood) => `${m[0].toUpperCase()}${m.slice(1)}`;

export { MOODS };
