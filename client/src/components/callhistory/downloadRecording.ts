import { getToken } from "../../lib/tokenStorage";

/** Fetches with the bearer token (a plain link would not carry it) and saves as {call_id}.mp4. */
export async function downloadRecording(id: number | string, callId: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api/download-recording/${encodeURIComponent(String(id))}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: "include",
  });
  if (!res.ok) throw new Error(`Download failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = `${callId}.mp4`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
