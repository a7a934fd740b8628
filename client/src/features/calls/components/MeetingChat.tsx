import { mentionsAsText } from "@shared/mentions";
import { useEffect, useRef, useState } from "react";
import { Send } from "lucide-react";
import type { ChatMessage, EntityChange } from "@shared/realtime";
import { addSocketHandlers, emitWithAck, type AppSocket } from "../../../realtime/socket";
import { request } from "../../../lib/http";
import { Input } from "../../../ui/input";

/**
 * The meeting's chat beside the video (docs/calls.md, "Meetings"): the messages of the meeting's own
 * channel, kept here and apart from the chat feature's store on purpose.
 */
export function MeetingChat({ meetingId }: { meetingId: string }) {
  const [channelId, setChannelId] = useState<number | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const merge = (more: ChatMessage[]) =>
    setMessages((old) => {
      const byId = new Map(old.map((m) => [m.id, m]));
      for (const m of more) byId.set(m.id, m);
      return [...byId.values()].sort((a, b) => a.id - b.id);
    });

  useEffect(() => {
    let cancelled = false;
    request<{ channel_id: number }>(`/webrtc/meetings/${encodeURIComponent(meetingId)}/chat`, { method: "POST" })
      .then(async ({ channel_id }) => {
        if (cancelled) return;
        setChannelId(channel_id);
        const rows = await request<ChatMessage[]>("/entities/messages", { query: { where: JSON.stringify({ channel_id }), sort: "id", limit: 200 } });
        if (!cancelled) merge(rows);
      })
      .catch(() => !cancelled && setError("The meeting's chat could not be opened"));
    return () => {
      cancelled = true;
    };
  }, [meetingId]);

  useEffect(() => {
    if (channelId === null) return;
    // New messages arrive as changes of the messages table (the sequenced feed); only this
    // channel's are taken, the chat feature's store is left alone.
    const onChange = (c: EntityChange) => {
      if (c.table !== "messages") return;
      const m = c.row as ChatMessage | null;
      if (c.op === "delete") setMessages((old) => old.filter((x) => x.id !== c.id));
      else if (m && m.channel_id === channelId) merge([m]);
    };
    let current: AppSocket | null = null;
    const unregister = addSocketHandlers((socket) => {
      current = socket;
      socket.on("entities.change", onChange);
    });
    return () => {
      unregister();
      current?.off("entities.change", onChange);
    };
  }, [channelId]);

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: "end" });
  }, [messages.length]);

  const send = async () => {
    const content = text.trim();
    if (!content || channelId === null) return;
    setText("");
    try {
      merge([await emitWithAck("messages.create", { channel_id: channelId, content })]);
    } catch {
      setText(content);
      setError("Your message was not sent");
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ol ref={listRef} tabIndex={0} aria-label="Meeting messages" className="grid flex-1 content-start gap-2 overflow-y-auto px-3 pb-3">
        {messages.length === 0 && <li className="py-6 text-center text-sm text-white/50">No messages yet.</li>}
        {messages.map((m) => (
          <li key={m.id} className="rounded-md bg-white/5 px-3 py-2">
            <p className="text-xs font-medium text-white/70">{m.sender_name}</p>
            <p className="text-sm break-words whitespace-pre-wrap">{mentionsAsText(m.content)}</p>
          </li>
        ))}
      </ol>
      {error && <p role="alert" className="px-3 pb-2 text-xs text-rose-300">{error}</p>}
      <form
        className="flex gap-2 border-t border-white/10 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Input aria-label="Message the meeting" placeholder="Message the meeting" value={text} onChange={(e) => setText(e.target.value)} className="bg-white text-zinc-900" />
        <button type="submit" aria-label="Send" className="rounded-md bg-white/10 px-3 hover:bg-white/20" disabled={channelId === null}>
          <Send className="size-4" />
        </button>
      </form>
    </div>
  );
}
