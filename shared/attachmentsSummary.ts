// Kept apart from the attachment schemas (./entities/attachments.ts) so that the Chat page, which
// needs only this, does not carry zod and every entity definition into the first screen
// (docs/benchmarks.md, "Cold load").
import { LIMITS } from "./constants";
import type { MessageAttachment } from "./entities/attachments";

/**
 * The words of an integration's message that has no text of its own (Grafana's and Alertmanager's
 * alerts are attachments only): each attachment's fallback, Slack's own notification text, else
 * its title or text, one a line. The server stores it as the message's content so that search and
 * notifications have the alert's words; the client draws the attachments in its place
 * (docs/integrations.md). A typed @channel in it is no mention (a word joiner after the @).
 */
export function attachmentsSummary(list: readonly Pick<MessageAttachment, "fallback" | "title" | "pretext" | "text">[]): string {
  const lines = list.map((a) => a.fallback || a.title || a.pretext || a.text || "").filter(Boolean);
  const text = lines.join("\n").replace(/@(channel|here|everyone)\b/gi, "@\u2060$1");
  return text.length > LIMITS.messageMaxChars ? `${text.slice(0, LIMITS.messageMaxChars - 1)}…` : text;
}
