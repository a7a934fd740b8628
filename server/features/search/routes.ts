// GET /api/search?q=...: messages, tasks, notes and files in one answer, each kind its own group
// (docs/search.md). Filters (in:, from:, before:, after:, has:) narrow messages; the other
// groups answer to the words alone.
import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { badRequest, zodMessage } from "../../errors";
import { mentionsAsText, parseHandles } from "@shared/mentions";
import { groupNames } from "../groups/repository";
import { hasFilters, parseSearch, SearchSyntaxError, searchSort, snippet, type ParsedSearch, type SearchAnswer } from "@shared/search";
import { searchFiles, searchNoteRows, searchTasks } from "./repository";
import { searchMessages } from "./messages";
import { costlyReads } from "../../rate-limits";

const MISSING = 'q is missing: type a word, a "phrase" or a filter such as in:#general';

export const searchQuery = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? MISSING : "q must be text, given once") })
    .trim()
    .min(1, MISSING)
    .max(500, "q must be at most 500 characters"),
  sort: z.enum(searchSort.options, { error: "sort must be newest or relevance" }).default("newest"),
});

function parse(q: string): ParsedSearch {
  try {
    const parsed = parseSearch(q);
    if (parsed.terms.length === 0 && !hasFilters(parsed.filters)) throw new SearchSyntaxError("q holds nothing to search for: type a word, a \"phrase\" or a filter");
    return parsed;
  } catch (e) {
    if (e instanceof SearchSyntaxError) throw badRequest(e.message);
    throw e;
  }
}

export function searchRoutes(ctx: AppContext): Router {
  const r = Router();
  // Four searches in one answer: a count per person (docs/configuration.md, SEARCH_RATE_LIMIT).
  r.get("/search", requireAuth, costlyReads(ctx).search, async (req, res) => {
    const input = searchQuery.safeParse({ q: req.query.q, sort: req.query.sort });
    if (!input.success) throw badRequest(zodMessage(input.error));
    const parsed = parse(input.data.q);
    const user = currentUser(req);
    const { terms } = parsed;
    // Filters are about messages: with one, the other kinds have nothing to answer to.
    const others = terms.length > 0 && !hasFilters(parsed.filters);
    // Side by side: on Postgres each takes its own connection.
    const [messages, tasks, notes, files] = await Promise.all([
      searchMessages(ctx.db, user, parsed, { sort: input.data.sort }),
      others ? searchTasks(ctx.db, user, terms) : [],
      others ? searchNoteRows(ctx.db, user, terms) : [],
      others ? searchFiles(ctx.db, user, terms) : [],
    ]);
    // A group's @handle reads with its name in a snippet, as in a notification (docs/groups.md).
    const groups = await groupNames(ctx.db, messages.flatMap((m) => parseHandles(m.content)));
    const answer: SearchAnswer = {
      query: parsed,
      sort: input.data.sort,
      messages: messages.map((m) => ({
        id: m.id,
        channel_id: m.channel_id,
        channel_name: m.channel_name,
        channel_type: m.channel_type,
        sender_name: m.sender_name,
        sender_email: m.sender_email,
        created_date: new Date(m.created_at).toISOString(),
        message_type: m.message_type,
        file_name: m.file_name,
        snippet: snippet(mentionsAsText(m.content || m.file_name || "", groups), terms),
      })),
      tasks: tasks.map((t) => ({ id: t.id, title: t.title, status: t.status, snippet: snippet(t.title, terms) })),
      notes: notes.map((n) => ({ id: n.id, topic: n.topic ?? "", snippet: snippet(n.content || n.topic || "", terms) })),
      files: files.map((f) => ({ id: f.id, name: f.name, file_url: f.file_url, snippet: snippet(f.name, terms) })),
    };
    res.json(answer);
  });
  return r;
}
