// Attaching files to a message from a composer (docs/messages.md, "Writing"): the attach button, pasting a
// file or image, or dropping it on the composer all take this one road: upload (POST /api/files,
// upload_type "messages"), then post the message that carries it; a failure says so and keeps the
// text. Several files become several messages, one after another.
import { useRef, useState, type ClipboardEvent, type DragEvent } from "react";
import { uploadFile } from "../files/api";
import { toast } from "../../ui/notifications";

export interface Attachment {
  message_type: "image" | "file";
  file_url: string;
  file_name: string;
}

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes("Files");

/** `post` sends the message for one uploaded file and answers once it is sent. */
export function useAttachFiles(channelId: number, post: (attachment: Attachment, file: File) => Promise<unknown>) {
  const [uploading, setUploading] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child the pointer crosses; count them to know when it left.
  const depth = useRef(0);

  const attach = async (files: readonly File[]) => {
    for (const file of files) {
      setUploading(file.name);
      try {
        const uploaded = await uploadFile(file, "messages", channelId);
        const isImage = (uploaded.mime_type || file.type).startsWith("image/");
        await post({ message_type: isImage ? "image" : "file", file_url: uploaded.file_url, file_name: uploaded.original_filename || file.name }, file);
      } catch (err) {
        console.error("Failed to upload file", err);
        toast({ title: "Failed to upload file. Please try again.", variant: "destructive" });
        break;
      } finally {
        setUploading(null);
      }
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(e.clipboardData?.files ?? []);
    if (!files.length || uploading) return; // plain text pastes as text
    e.preventDefault();
    void attach(files);
  };

  const dropProps = {
    onDragEnter: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
      setDragging(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      depth.current = 0;
      setDragging(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (!files.length) return;
      e.preventDefault();
      if (!uploading) void attach(files);
    },
  };

  return { uploading, dragging, attach, onPaste, dropProps };
}
