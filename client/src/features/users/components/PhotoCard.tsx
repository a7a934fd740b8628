import { useRef, useState } from "react";
import { Camera } from "lucide-react";
import { updateUser } from "../api";
import { uploadFile } from "../../files/api";
import type { PublicUser } from "@shared/entities";
import { toast } from "../../../ui/notifications";
import { useSessionStore } from "../../auth/store";
import { UserAvatar } from "../../../ui/avatar";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { Spinner } from "../../../ui/spinner";
import { DeactivatedBadge } from "./DeactivatedBadge";

const PRIVILEGE = (u: PublicUser) =>
  u.role === "admin" ? "SuperUser" : u.team_role === "admin" ? "Team Admin" : u.team_role === "manager" ? "Manager" : "Member";

export function PhotoCard({ user }: { user: PublicUser }) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({ title: "Profile photo", description: "Please select an image file", variant: "destructive" });
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile(file, "profile_photo", user.id);
      const saved = await updateUser(user.id, { profile_photo: stored.file_url });
      useSessionStore.getState().setUser(saved);
      toast({ title: "Profile photo updated successfully!", variant: "success" });
    } catch {
      toast({ title: "Profile photo", description: "Failed to upload photo. Please try again.", variant: "destructive" });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center">
      <div className="relative">
        <UserAvatar name={user.full_name} email={user.email} photo={user.profile_photo} className="size-24 *:text-3xl" />
        <button
          type="button"
          aria-label="Change profile photo"
          onClick={() => input.current?.click()}
          className="absolute -right-1 -bottom-1 flex size-8 items-center justify-center rounded-full border bg-background shadow-sm transition hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
        >
          {uploading ? <Spinner /> : <Camera className="size-4" />}
        </button>
      </div>
      <div className="grid gap-0.5">
        <h2 className="text-lg font-semibold">{user.full_name}</h2>
        <p className="text-sm text-muted-foreground">{user.email}</p>
        <p className="mt-1 text-xs font-medium text-primary">{PRIVILEGE(user)}</p>
        {user.is_active === false && <DeactivatedBadge className="mx-auto mt-1" />}
      </div>
      <input ref={input} type="file" accept="image/*" className="hidden" onChange={(e) => void onFile(e.target.files?.[0])} />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={uploading}>
        Upload new photo
      </Button>
    </Card>
  );
}
