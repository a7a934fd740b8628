import { create } from "zustand";
import { readSettings, writeSettings, type ThemePreference } from "../features/users/settings";
import { applyTheme, resolveTheme, systemThemeQuery, type ResolvedTheme } from "./themeResolve";

type Resolved = ResolvedTheme;

interface ThemeState {
  preference: ThemePreference;
  resolved: Resolved;
  setPreference: (pref: ThemePreference) => void;
  /** Flips between light and dark, leaving "system" behind: the user made an explicit choice. */
  toggle: () => void;
}

const initial = readSettings().theme;

export const useThemeStore = create<ThemeState>()((set, get) => ({
  preference: initial,
  resolved: resolveTheme(initial),
  setPreference: (pref) => {
    writeSettings({ theme: pref });
    const resolved = applyTheme(pref);
    set({ preference: pref, resolved });
  },
  toggle: () => get().setPreference(get().resolved === "dark" ? "light" : "dark"),
}));

/**
 * Called once by the app before its first render: follows the system's theme while the preference
 * is "system". (The entry has applied the stored theme already, main.tsx.)
 */
export function initTheme(): void {
  applyTheme(useThemeStore.getState().preference);
  systemThemeQuery().addEventListener("change", () => {
    const { preference } = useThemeStore.getState();
    if (preference !== "system") return;
    useThemeStore.setState({ resolved: applyTheme("system") });
  });
}
