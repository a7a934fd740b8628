import { MOODS } from "@shared/entities/notes";

export type Mood = (typeof MOODS)[number];

export const MOOD_EMOJI: Record<Mood, string> = {
  happy: "😊",
  excited: "🤩",
  grateful: "🙏",
  neutral: "😐",
  stressed: "😰",
  sad: "😢",
};

export const moodLabel = (m: Mood) => `${MOOD_EMOJI[m]} ${m[0].toUpperCase()}${m.slice(1)}`;

export { MOODS };
