import { create } from "zustand";
import { readSettings, writeSettings, type ThemePreference } from "../features/users/settings";

type Resolved = "light" | "dark";

const systemQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

function resolve(pref: ThemePreference): Resolved {
  if (pref === "system") return systemQuery().matches ? "dark" : "light";
  return pref;
}

function apply(resolved: Resolved): void {
  document.documentElement.classList.toggle("dark", resolved === "dark");
}

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
  resolved: resolve(initial),
  setPreference: (pref) => {
    writeSettings({ theme: pref });
    const resolved = resolve(pref);
    apply(resolved);
    set({ preference: pref, resolved });
  },
  toggle: () => get().setPreference(get().resolved === "dark" ? "light" : "dark"),
}));

/** Called once before the first render so the page never flashes the wrong theme. */
export function initTheme(): void {
  apply(useThemeStore.getState().resolved);
  systemQuery().addEventListener("change", () => {
    const { preference } = useThemeStore.getState();
    if (preference !== "system") return;
    const resolved = resolve("system");
    apply(resolved);
    useThemeStore.setState({ resolved });
  });
}
