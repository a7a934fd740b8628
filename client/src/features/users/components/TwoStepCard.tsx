// Profile's "Two-step sign-in" (docs/authentication.md, "Two-step sign-in"): set up with an
// authenticator app, or turn off with a current code or the password.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { ShieldCheck } from "lucide-react";
import type { TotpStatus } from "@shared/two-step";
import { disableTotp, fetchTotpStatus } from "../../auth/api";
import { TwoStepSetup } from "../../auth/TwoStepSetup";
import { ApiError } from "../../../lib/http";
import { Button } from "../../../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../ui/card";
import { Input } from "../../../ui/input";
import { FormField } from "../../../ui/FormField";
import { Spinner } from "../../../ui/spinner";
import { toast } from "../../../ui/notifications";

export function TwoStepCard() {
  const [status, setStatus] = useState<TotpStatus | null>(null);
  const [mode, setMode] = useState<"view" | "setup" | "disable">("view");
  const [proof, setProof] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    fetchTotpStatus()
      .then(setStatus)
      .catch(() => setError("Could not load two-step sign-in."));
  }, []);
  useEffect(load, [load]);

  const turnOff = async (e: FormEvent) => {
    e.preventDefault();
    const value = proof.trim();
    if (!value) return;
    setBusy(true);
    setError(null);
    try {
      // Six digits are a code from the app; anything else is the password.
      await disableTotp(/^\d{6}$/.test(value) ? { code: value } : { password: proof });
      toast({ title: "Two-step sign-in is off", variant: "success" });
      setMode("view");
      setProof("");
      load();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Could not reach the server. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Two-step sign-in</CardTitle>
        <CardDescription>A code from an authenticator app on your phone, asked for after your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!status && !error && <Spinner />}
        {status && mode === "view" && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm" data-testid="two-step-status">
              {status.enabled ? (
                <>
                  <ShieldCheck className="size-4 text-emerald-600 dark:text-emerald-400" />
                  On · {status.recovery_codes_left} recovery {status.recovery_codes_left === 1 ? "code" : "codes"} left
                </>
              ) : (
                "Off"
              )}
              {status.required && <span className="text-muted-foreground">(required by your organisation)</span>}
            </p>
            {!status.enabled && <Button onClick={() => setMode("setup")}>Set up two-step sign-in</Button>}
            {status.enabled && !status.required && (
              <Button variant="outline" onClick={() => setMode("disable")}>
                Turn off
              </Button>
            )}
          </div>
        )}
        {mode === "setup" && (
          <TwoStepSetup
            onDone={() => {
              setMode("view");
              load();
            }}
            onCancel={() => setMode("view")}
          />
        )}
        {mode === "disable" && (
          <form className="grid gap-3" onSubmit={turnOff} noValidate>
            <FormField id="two-step-off" label="A code from your authenticator app, or your password" error={error}>
              <Input id="two-step-off" type="password" autoComplete="off" value={proof} onChange={(e) => setProof(e.target.value)} aria-invalid={!!error} className="max-w-xs" autoFocus />
            </FormField>
            <div className="flex gap-2">
              <Button type="submit" variant="destructive" disabled={busy || !proof.trim()}>
                {busy && <Spinner />}
                Turn off two-step sign-in
              </Button>
              <Button type="button" variant="ghost" onClick={() => setMode("view")}>
                Cancel
              </Button>
            </div>
          </form>
        )}
        {mode === "view" && error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
