import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { Spinner } from "../../ui/spinner";
import { useSessionStore } from "./store";

export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    void useSessionStore
      .getState()
      .signOut()
      .then((endSession) => {
        if (cancelled) return;
        // A single sign-on session is ended at the provider too, which sends the browser back to Login.
        if (endSession) window.location.assign(endSession);
        else navigate("/Login", { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return (
    <div className="flex h-svh flex-col items-center justify-center gap-3 bg-background">
      <Spinner className="size-6" />
      <p className="text-sm text-muted-foreground">Signing you out...</p>
    </div>
  );
}
