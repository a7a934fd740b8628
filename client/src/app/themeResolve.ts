// Light or dark on the page, without the theme store (./theme.ts): the entry applies the stored
// theme with this before the app's JavaScript has arrived (README, "Cold load").
import type { ThemePreference } from "../features/users/settings";

export type ResolvedTheme = "light" | "dark";

export const systemThemeQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

export function resolveTheme(pref: ThemePreference): ResolvedTheme {
  if (pref === "system") return systemThemeQuery().matches ? "dark" : "light";
  return pref;
}

/** Puts the preference's theme on the page; answers what it resolved to. */
export function applyTheme(pref: ThemePreference): ResolvedTheme {
  const resolved = resolveTheme(pref);
  document.documentElement.classList.toggle("dark", resolved === "dark");
  return resolved;
}
