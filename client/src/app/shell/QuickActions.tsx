import { Phone, UserPlus, Video } from "lucide-react";
import { useCallPickerStore } from "../../features/calls/store";
import { useInviteStore } from "../../features/users/store";
import { SidebarGroupLabel } from "./SidebarGroupLabel";
import { SidebarNavButton } from "./SidebarNavButton";

export function QuickActions({ onAction }: { onAction?: () => void }) {
  const openCallPicker = useCallPickerStore((s) => s.openCallPicker);
  const setInviteOpen = useInviteStore((s) => s.setInviteOpen);
  const actions = [
    { label: "Start Call", icon: Phone, run: () => openCallPicker("audio") },
    { label: "Video Meeting", icon: Video, run: () => openCallPicker("video") },
    { label: "Invite Users", icon: UserPlus, run: () => setInviteOpen(true) },
  ];
  return (
    <div role="group" aria-label="Quick Actions" className="flex flex-col gap-0.5">
      <SidebarGroupLabel>Quick Actions</SidebarGroupLabel>
      {actions.map((a) => (
        <SidebarNavButton
          key={a.label}
          icon={a.icon}
          label={a.label}
          render={(props) => (
            <button
              type="button"
              onClick={() => {
                onAction?.();
                a.run();
              }}
              {...props}
            />
          )}
        />
      ))}
    </div>
  );
}
