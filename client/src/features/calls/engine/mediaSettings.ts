// Media settings: the chosen camera, microphone and speaker, per browser.
const KEY = "team_app_media_settings";

export interface MediaSettings {
  camera_id?: string;
  microphone_id?: string;
  speaker_id?: string;
}

export function readMediaSettings(): MediaSettings {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? "{}") as MediaSettings;
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

export function writeMediaSettings(patch: MediaSettings): MediaSettings {
  const next = { ...readMediaSettings(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage may be disabled; the choice then lasts for this page only.
  }
  return next;
}

/** Routes a media element's sound to the chosen speaker where the browser allows it. */
export function applySpeaker(el: HTMLMediaElement | null, speakerId = readMediaSettings().speaker_id): void {
  const withSink = el as (HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> }) | null;
  if (!withSink?.setSinkId || !speakerId) return;
  withSink.setSinkId(speakerId).catch(() => {
    // The device was unplugged or is not allowed: the default output keeps playing.
  });
}
