// Setting up two-step sign-in (docs/authentication.md, "Two-step sign-in"): the QR code and the
// secret as text, a current code to confirm, then the recovery codes, shown this once. Used in
// Profile and, where the server requires it, on Login before the sign-in completes.
import { useEffect, useState, type FormEvent } from "react";
import { Copy } from "lucide-react";
import type { TotpSetup } from "@shared/two-step";
import { ApiError } from "../../lib/http";
import { cn } from "../../lib/utils";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { FormField } from "../../ui/FormField";
import { Spinner } from "../../ui/spinner";
import { confirmTotp, startTotpSetup, type AuthResult } from "./api";

interface Props {
  /** The enrolment challenge of a sign-in; without it, the signed-in person enrols. */
  challenge?: string;
  /** After the recovery codes were shown and the person moves on; `session` when a sign-in completed. */
  onDone: (session: AuthResult | null) => void;
  onCancel?: () => void;
}

const message = (err: unknown) => (err instanceof ApiError ? err.message : "Could not reach the server. Check your connection and try again.");

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/** "Enter the 6-digit code from your authenticator app": digits only, six of them. */
export function TotpCodeField({ id, value, onChange, invalid, className, autoFocus }: { id: string; value: string; onChange: (code: string) => void; invalid: boolean; className?: string; autoFocus?: boolean }) {
  return (
    <FormField id={id} label="Enter the 6-digit code from your authenticator app">
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ""))}
        aria-invalid={invalid}
        className={cn("h-10 font-mono tracking-widest", className)}
        autoFocus={autoFocus}
      />
    </FormField>
  );
}

export function TwoStepSetup({ challenge, onDone, onCancel }: Props) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ codes: string[]; session: AuthResult | null } | null>(null);

  useEffect(() => {
    let live = true;
    startTotpSetup(challenge)
      .then((s) => live && setSetup(s))
      .catch((err: unknown) => live && setError(message(err)));
    return () => {
      live = false;
    };
  }, [challenge]);

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!setup || !code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const r = await confirmTotp(setup.enrolment, code.trim(), challenge);
      const session = r.accessToken && r.user && r.expiresAt ? { accessToken: r.accessToken, user: r.user, expiresAt: r.expiresAt } : null;
      setDone({ codes: r.recovery_codes, session });
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="grid gap-4">
        <p className="text-sm">
          Two-step sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if you lose your phone. They are shown only now.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border bg-muted/40 p-4 font-mono text-sm">
          {done.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(done.codes.join("\n")).catch(() => undefined)}>
            <Copy /> Copy codes
          </Button>
          <Button type="button" onClick={() => onDone(done.session)}>
            I have saved my recovery codes
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={confirm} noValidate>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {!setup && !error && <Spinner />}
      {setup && (
        <>
          <p className="text-sm text-muted-foreground">Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), or type the key into it.</p>
          <div className="flex flex-wrap items-center gap-5">
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
              alt="QR code for your authenticator app"
              width={176}
              height={176}
              className="rounded-md border bg-white p-1"
            />
            <div className="grid gap-1">
              <span className="text-xs text-muted-foreground">Setup key</span>
              <code data-testid="totp-secret" data-secret={setup.secret} className="font-mono text-sm break-all">
                {grouped(setup.secret)}
              </code>
            </div>
          </div>
          <TotpCodeField id="totp-confirm-code" value={code} onChange={setCode} invalid={!!error} className="max-w-40" />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy || code.length !== 6}>
              {busy && <Spinner className="text-primary-foreground" />}
              Turn on
            </Button>
            {onCancel && (
              <Button type="button" variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </div>
        </>
      )}
    </form>
  );
}
