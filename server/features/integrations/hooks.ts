// `incoming_webhooks.create` and `incoming_webhooks.delete` (docs/integrations.md; docs/architecture.md,
// "Adding a command"): the Entity API's create and delete of the table, over REST and the socket
// alike. Each runs in withChanges, asks the channel-manage rule (./policy.ts) and records its change,
// so the channel's readers see the list move live. The token is drawn here and only its SHA-256 is
// stored: the address is in the creation's answer and nowhere else.
import { createHash, randomBytes } from "node:crypto";
import { ENTITIES, validateCreate } from "@shared/entities";
import { HttpError, notFound } from "../../errors";
import { enforce } from "../../entities/policy-helpers";
import type { TableHooks } from "../../entities/policy";
import { withChanges } from "../../feed/changelog";
import { findChannel } from "../chat/repository";
import { incomingWebhooksPolicy, webhookManageVerdict } from "./policy";

/** The path a tool posts to; docs/integrations.md shows it. */
export const HOOK_PATH = "/api/hooks/";

/** The stored form of a token: its SHA-256 in hex (a 192-bit random token needs no slow hash). */
export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

const failed = (detail: string) => new HttpError(400, `Insert failed: ${detail}`.slice(0, 315));

export const incomingWebhooksHooks: TableHooks = {
  async create(ctx, user, body) {
    const v = validateCreate(ENTITIES.incoming_webhooks, body);
    if (!v.ok) throw failed(v.error);
    const token = randomBytes(24).toString("base64url");
    const row = await withChanges(ctx, async (trx, log) => {
      enforce(await incomingWebhooksPolicy.canCreate(user, v.data, trx));
      const made = await trx
        .insertInto("incoming_webhooks")
        .values({
          channel_id: Number(v.data.channel_id),
          name: String(v.data.name),
          token_hash: tokenHash(token),
          ...(incomingWebhooksPolicy.serverFields.create(user, v.data, trx) as { created_by: string }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      log.add("incoming_webhooks", "create", made.id, made);
      return made;
    });
    return { ...row, url: `${(ctx.config.publicUrl ?? "").replace(/\/+$/, "")}${HOOK_PATH}${token}` };
  },
  async delete(ctx, user, id) {
    await withChanges(ctx, async (trx, log) => {
      const row = await trx.selectFrom("incoming_webhooks").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
      if (!row) throw notFound();
      // Someone who may not read the channel is told the webhook is not there, as for a message.
      const channel = await findChannel(trx, row.channel_id);
      if (!channel) throw notFound();
      try {
        enforce(webhookManageVerdict(user, channel));
      } catch (err) {
        throw err instanceof HttpError && err.status === 404 ? notFound() : err;
      }
      await trx.deleteFrom("incoming_webhooks").where("id", "=", id).execute();
      log.add("incoming_webhooks", "delete", id, null, row);
    });
    return { ok: true, id };
  },
};
