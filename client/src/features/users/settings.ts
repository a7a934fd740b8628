// Local application settings, kept as one JSON object in local storage.
export const SETTINGS_KEY = "team_app_settings";

export type ThemePreference = "light" | "dark" | "system";

export interface AppSettings {
  theme: ThemePreference;
  notifications_sound?: boolean;
  call_quality?: "auto" | "high" | "medium" | "low";
  auto_away_minutes?: number;
  show_online_status?: boolean;
  enable_read_receipts?: boolean;
  data_saver_mode?: boolean;
}

const DEFAULTS: AppSettings = { theme: "light" };

export function readSettings(): AppSettings {
  try {
    const raw = localStorage.getItem(SETTINGS_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<AppSettings>) : {};
    const theme = parsed.theme === "dark" || parsed.theme === "system" ? parsed.theme : "light";
    return { ...DEFAULTS, ...parsed, theme };
  } catch {
    return { ...DEFAULTS };
  }
}

export function writeSettings(patch: Partial<AppSettings>): AppSettings {
  const next = { ...readSettings(), ...patch };
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Storage can be full or disabled (private mode); the setting then lasts for this page only.
  }
  return next;
}
