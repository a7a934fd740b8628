// Pins, saved messages, reminders and scheduled messages in the web client (docs/messages.md:
// Pinned, Saved, Reminders, Scheduled messages). Each action is a REST call to the command; the
// lists are cached queries. A pin changes the message row, so every tab sees it through the
// change feed: the message's indicator at once (chat applies messages in place) and the Pinned
// list by refetching it (usePinsLive).
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ChatMessage } from "@shared/entities";
import type { KeptMessage, MessageReminder, ScheduledMessage } from "@shared/keep";
import { presetTime } from "@shared/remindWhen";
import { request } from "../../lib/http";
import { queryClient, refetchAfterChange } from "../../app/queryClient";
import { onTableChange } from "../../realtime/feed";
import { toast } from "../../ui/notifications";
import { useSessionStore } from "../auth/store";
import { useChatStore } from "./store";

export const pinsKey = (channelId: number) => ["pins", channelId] as const;
export const savedKey = ["saved"] as const;
export const scheduledKey = (channelId: number) => ["scheduled", channelId] as const;

export const usePins = (channelId: number) => useQuery({ queryKey: pinsKey(channelId), queryFn: () => request<ChatMessage[]>("/chat/pins", { query: { channel_id: channelId } }) });
export const useSaved = (enabled = true) => useQuery({ queryKey: savedKey, queryFn: () => request<KeptMessage[]>("/chat/saved"), enabled });
export const useScheduled = (channelId: number) => useQuery({ queryKey: scheduledKey(channelId), queryFn: () => request<ScheduledMessage[]>("/chat/scheduled", { query: { channel_id: channelId } }) });

/** Refetches the channel's Pinned list when one of its messages is pinned, unpinned or goes. */
export function usePinsLive(channelId: number): void {
  useEffect(
    () =>
      onTableChange("messages", (change) => {
        const listed = queryClient.getQueryData<ChatMessage[]>(pinsKey(channelId))?.some((m) => m.id === change.id);
        const row = change.row as ChatMessage | null;
        if (listed || (row && row.channel_id === channelId && row.pinned_at)) void refetchAfterChange({ queryKey: pinsKey(channelId) });
      }),
    [channelId],
  );
}

const failed = (title: string) => (err: unknown) => toast({ title, description: err instanceof Error ? err.message : undefined, variant: "destructive" });

export async function setPinned(message: ChatMessage, pinned: boolean): Promise<void> {
  try {
    const row = await request<ChatMessage>("/chat/pins", { method: "POST", body: { message_id: message.id, pinned } });
    useChatStore.getState().mergeMessages(row.channel_id, [row]);
    void refetchAfterChange({ queryKey: pinsKey(row.channel_id) });
  } catch (err) {
    failed(pinned ? "Could not pin the message" : "Could not unpin the message")(err);
  }
}

/** Which messages the person saved, as the Saved list says (loaded once, kept fresh by the actions). */
export const useIsSaved = (messageId: number) => useSaved().data?.some((k) => k.message.id === messageId) ?? false;

export async function setSaved(message: ChatMessage, saved: boolean): Promise<void> {
  try {
    await request("/chat/saved", { method: "POST", body: { message_id: message.id, saved } });
    toast({ title: saved ? "Saved" : "Removed from Saved" });
    await refetchAfterChange({ queryKey: savedKey });
  } catch (err) {
    failed(saved ? "Could not save the message" : "Could not remove it from Saved")(err);
  }
}

export type RemindChoice = "20m" | "1h" | "3h" | "tomorrow";
export const REMIND_CHOICES: { choice: RemindChoice; label: string }[] = [
  { choice: "20m", label: "In 20 minutes" },
  { choice: "1h", label: "In 1 hour" },
  { choice: "3h", label: "In 3 hours" },
  { choice: "tomorrow", label: "Tomorrow at 9:00" },
];

/** A menu choice's time, read in the person's own time zone (tomorrow at 9:00 is their 9:00). */
export const choiceTime = (choice: RemindChoice | "monday") => presetTime(choice, useSessionStore.getState().user?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);

const shortWhen = (at: Date) => at.toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

export async function remindMe(message: ChatMessage, at: Date): Promise<void> {
  try {
    await request<MessageReminder>("/chat/reminders", { method: "POST", body: { message_id: message.id, remind_at: at.toISOString() } });
    toast({ title: `I will remind you ${shortWhen(at)}` });
  } catch (err) {
    failed("Could not set the reminder")(err);
  }
}

/** Schedules text for later; answers whether it was stored (the composer is cleared then). */
export async function scheduleMessage(channelId: number, content: string, at: Date): Promise<boolean> {
  try {
    await request<ScheduledMessage>("/chat/scheduled", { method: "POST", body: { channel_id: channelId, content, send_at: at.toISOString() } });
    toast({ title: `Scheduled for ${shortWhen(at)}` });
    await refetchAfterChange({ queryKey: scheduledKey(channelId) });
    return true;
  } catch (err) {
    failed("Could not schedule the message")(err);
    return false;
  }
}

export async function editScheduled(item: ScheduledMessage, patch: { content?: string; send_at?: string }): Promise<void> {
  try {
    await request<ScheduledMessage>(`/chat/scheduled/${item.id}`, { method: "PATCH", body: patch });
  } catch (err) {
    failed("Could not change the scheduled message")(err);
  }
  await refetchAfterChange({ queryKey: scheduledKey(item.channel_id) });
}

export async function sendScheduledNow(item: ScheduledMessage): Promise<void> {
  try {
    const after = await request<ScheduledMessage>(`/chat/scheduled/${item.id}/send`, { method: "POST" });
    if (after.status === "failed") toast({ title: "Your scheduled message was not sent", description: after.error ?? undefined, variant: "destructive" });
  } catch (err) {
    failed("Could not send the scheduled message")(err);
  }
  await refetchAfterChange({ queryKey: scheduledKey(item.channel_id) });
}

export async function deleteScheduled(item: ScheduledMessage): Promise<void> {
  try {
    await request(`/chat/scheduled/${item.id}`, { method: "DELETE" });
  } catch (err) {
    failed("Could not delete the scheduled message")(err);
  }
  await refetchAfterChange({ queryKey: scheduledKey(item.channel_id) });
}

/**
 * Refetches one's scheduled messages of the channel when they may have moved: a message of one's
 * own arrives there (a scheduled one was posted), or a notification item (one could not be).
 */
export function useScheduledLive(channelId: number): void {
  useEffect(() => {
    const again = () => void refetchAfterChange({ queryKey: scheduledKey(channelId) });
    const offMessages = onTableChange("messages", (change) => {
      const row = change.row as ChatMessage | null;
      const me = useSessionStore.getState().user?.email.toLowerCase();
      if (change.op === "create" && row?.channel_id === channelId && row.sender_email.toLowerCase() === me && queryClient.getQueryData<ScheduledMessage[]>(scheduledKey(channelId))?.length) again();
    });
    const offNotices = onTableChange("notifications", (change) => change.op === "create" && again());
    return () => {
      offMessages();
      offNotices();
    };
  }, [channelId]);
}
