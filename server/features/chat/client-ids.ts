// A message sent again with its client_id (docs/messages.md, "Sent when back online"): how each
// input of a batch (./repository.ts insertMessages) is answered, roots (./post.ts) and replies
// (./replies.ts) alike.
import type { Message } from "../../db/schema";
import { HttpError, notFound } from "../../errors";
import { markExisting } from "../../entities/existing";
import type { Job } from "./group-commit";
import type { NewMessage, Placed } from "./repository";

export const CLIENT_ID_TAKEN = "client_id: already used for another of your messages";

/** Answers one input: refused where it may not read the channel, its stored row (an earlier try's, marked so), or `refusal`. */
export function settle(job: Job<NewMessage, Message>, p: Placed, refusal: () => Error): void {
  if (!p.readable) return job.reject(notFound("Channel not found"));
  if (p.taken) return job.reject(new HttpError(409, `Insert failed: ${CLIENT_ID_TAKEN}`));
  if (!p.row) return job.reject(refusal());
  job.resolve(p.existing ? markExisting(p.row) : p.row);
}
