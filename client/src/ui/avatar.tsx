import * as AvatarPrimitive from "@radix-ui/react-avatar";
import type { ComponentProps } from "react";
import { avatarColor, initials } from "../lib/format";
import { cn } from "../lib/utils";

export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full select-none", className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return <AvatarPrimitive.Image className={cn("aspect-square size-full object-cover", className)} {...props} />;
}

export function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      className={cn("flex size-full items-center justify-center bg-muted text-xs font-semibold", className)}
      {...props}
    />
  );
}

/** A person's avatar: photo when there is one, else coloured initials. */
export function UserAvatar({
  name,
  email,
  photo,
  className,
}: {
  name?: string | null;
  email?: string | null;
  photo?: string | null;
  className?: string;
}) {
  return (
    <Avatar className={className}>
      {photo ? <AvatarImage src={photo} alt="" /> : null}
      <AvatarFallback className={cn("text-white", avatarColor(email ?? name))}>{initials(name ?? email)}</AvatarFallback>
    </Avatar>
  );
}
