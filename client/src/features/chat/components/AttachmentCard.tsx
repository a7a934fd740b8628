import type { MessageAttachment } from "@shared/entities";
import { cn } from "../../../lib/utils";
import { safeHref } from "../markdown";
import { MessageBody } from "./MessageBody";

/**
 * One attachment of an integration's message (docs/integrations.md): Slack's layout of a coloured
 * bar, pretext above, a linked title, text, a grid of fields (short ones two to a row) and a
 * footer. Texts are the Markdown the server converted; nothing here is HTML.
 */
export function AttachmentCard({ attachment: a }: { attachment: MessageAttachment }) {
  const href = safeHref(a.title_link);
  return (
    <div className="mt-1 grid gap-1">
      {a.pretext && <MessageBody content={a.pretext} />}
      <div
        data-testid="message-attachment-card"
        className="grid max-w-2xl gap-1.5 rounded-r-md border-y border-r border-l-4 bg-muted/30 py-2 pr-3 pl-3"
        // The integration's colour is data (checked #rrggbb by the server), never a class name.
        style={{ borderLeftColor: a.color ?? "var(--border)" }}
      >
        {a.title &&
          (href ? (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-sm font-semibold text-primary hover:underline">
              {a.title}
            </a>
          ) : (
            <p className="text-sm font-semibold">{a.title}</p>
          ))}
        {a.text && <MessageBody content={a.text} />}
        {a.fields.length > 0 && (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5">
            {a.fields.map((f, i) => (
              <div key={i} className={cn("min-w-0", !f.short && "col-span-2")}>
                {f.title && <dt className="text-xs font-semibold">{f.title}</dt>}
                <dd>
                  <MessageBody content={f.value} />
                </dd>
              </div>
            ))}
          </dl>
        )}
        {a.footer && (
          <div className="text-muted-foreground [&_p]:!text-xs [&_p]:!text-muted-foreground">
            <MessageBody content={a.footer} />
          </div>
        )}
      </div>
    </div>
  );
}
