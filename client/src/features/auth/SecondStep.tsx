// Login's second step (docs/authentication.md, "Two-step sign-in"): after the password, a code
// from the authenticator app (or a recovery code), or, where the server requires two-step sign-in
// and the person has none yet, its setup; either ends in the session a password sign-in makes.
import { useState, type FormEvent } from "react";
import { ArrowLeft, CircleAlert } from "lucide-react";
import type { SecondFactorNeeded } from "@shared/two-step";
import { ApiError } from "../../lib/http";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { FormField } from "../../ui/FormField";
import { Spinner } from "../../ui/spinner";
import { loginWithCode, type AuthResult } from "./api";
import { useSessionStore } from "./store";
import { TotpCodeField, TwoStepSetup } from "./TwoStepSetup";

interface Props {
  step: SecondFactorNeeded;
  /** Back to the password (a new challenge is needed after five minutes anyway). */
  onBack: () => void;
  /** After the session is taken (Login leaves that to the router). */
  onSignedIn?: () => void;
}

export function SecondStep({ step, onBack, onSignedIn }: Props) {
  const adopt = useSessionStore((s) => s.adoptSession);
  const adoptSession = (session: AuthResult) => {
    adopt(session);
    onSignedIn?.();
  };
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const back = (
    <Button variant="link" size="sm" className="mt-6 px-0 text-muted-foreground" onClick={onBack}>
      <ArrowLeft /> Back to sign in
    </Button>
  );

  if (step.second_factor === "enrol") {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Set up two-step sign-in</h1>
        <p className="mt-1.5 mb-6 text-sm text-muted-foreground">This workspace requires a code from an authenticator app at every sign-in. Set it up to continue.</p>
        <TwoStepSetup challenge={step.challenge} onDone={(session) => (session ? adoptSession(session) : onBack())} />
        {back}
      </>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      // On success the router sees the new session and moves on, as after a password.
      adoptSession(await loginWithCode(step.challenge, code.trim()));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Could not reach the server. Check your connection and try again.");
      setBusy(false);
    }
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    setCode("");
    setError(null);
  };

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Two-step sign-in</h1>
      <p className="mt-1.5 text-sm text-muted-foreground">
        {recovery ? "Enter one of the recovery codes you saved when you set up two-step sign-in." : "Open your authenticator app to get your sign-in code."}
      </p>
      {error && (
        <div role="alert" className="mt-8 flex items-center gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-foreground">
          <CircleAlert className="size-4 shrink-0 text-destructive" />
          {error}
        </div>
      )}
      <form className={error ? "mt-5 grid gap-5" : "mt-8 grid gap-5"} onSubmit={submit} noValidate>
        {recovery ? (
          <FormField id="login-recovery-code" label="Recovery code">
            <Input id="login-recovery-code" autoComplete="off" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} aria-invalid={!!error} className="h-10 font-mono" autoFocus />
          </FormField>
        ) : (
          <TotpCodeField id="login-totp-code" value={code} onChange={setCode} invalid={!!error} autoFocus />
        )}
        <Button type="submit" size="lg" className="w-full" disabled={busy || (recovery ? !code.trim() : code.length !== 6)}>
          {busy && <Spinner className="text-primary-foreground" />}
          Verify
        </Button>
      </form>
      <Button variant="link" size="sm" className="mt-4 w-full text-muted-foreground" onClick={switchKind}>
        {recovery ? "Use your authenticator app" : "Use a recovery code"}
      </Button>
      {back}
    </>
  );
}
