import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { LIMITS } from "@shared/constants";
import { useNotificationStore } from "./notifications";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

const ICONS = {
  default: <Info className="mt-0.5 size-4 shrink-0 text-primary" />,
  success: <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" />,
  destructive: <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" />,
};

export function Toaster() {
  const toasts = useNotificationStore((s) => s.toasts);
  const dismiss = useNotificationStore((s) => s.dismiss);
  return (
    <ToastProvider duration={LIMITS.toastDurationMs} swipeDirection="right">
      {toasts.map((t) => (
        <Toast
          key={t.id}
          open={t.open}
          duration={t.duration}
          variant={t.variant}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
        >
          {ICONS[t.variant ?? "default"]}
          <div className="grid min-w-0 gap-1">
            {t.title && <ToastTitle>{t.title}</ToastTitle>}
            {t.description && <ToastDescription>{t.description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
