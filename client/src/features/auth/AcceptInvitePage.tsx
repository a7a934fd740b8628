import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { CircleAlert, MailCheck } from "lucide-react";
import { BrandMark, PRODUCT_NAME } from "../../ui/BrandMark";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { FormField } from "../../ui/FormField";
import { Spinner } from "../../ui/spinner";
import { FullPageSpinner } from "../../ui/FullPageSpinner";
import { fetchInvitation, type InvitationPreview } from "./api";
import { useSessionStore } from "./store";
import { SecondStep } from "./SecondStep";
import type { SecondFactorNeeded } from "@shared/two-step";

const MIN_PASSWORD = 8;

/** /AcceptInvite?token=...: the invitee picks a name and password; the account is created and signed in. */
export default function AcceptInvitePage() {
  const navigate = useNavigate();
  const acceptInvite = useSessionStore((s) => s.acceptInvite);
  const token = new URLSearchParams(window.location.search).get("token") ?? "";
  const [invite, setInvite] = useState<InvitationPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fullName, setFullName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondFactorNeeded | null>(null);

  useEffect(() => {
    if (!token) {
      setLoadError("This invitation link is incomplete.");
      return;
    }
    fetchInvitation(token).then(setInvite, (e: Error) => setLoadError(e.message));
  }, [token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!fullName.trim()) return setError("Please enter your name.");
    if (password.length < MIN_PASSWORD) return setError(`The password must be at least ${MIN_PASSWORD} characters.`);
    if (password !== confirm) return setError("The passwords do not match.");
    setBusy(true);
    setError(null);
    try {
      const result = await acceptInvite(token, fullName.trim(), password);
      if ("second_factor" in result) {
        setSecondStep(result);
        setBusy(false);
        return;
      }
      navigate("/Dashboard", { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  if (!invite && !loadError) return <FullPageSpinner />;

  return (
    <div className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-sm rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex items-center gap-2.5">
          <BrandMark />
          <span className="text-lg font-semibold tracking-tight">{PRODUCT_NAME}</span>
        </div>
        {secondStep ? (
          <SecondStep step={secondStep} onBack={() => navigate("/Login")} onSignedIn={() => navigate("/Dashboard", { replace: true })} />
        ) : loadError ? (
          <div className="grid gap-4">
            <div className="flex items-start gap-2 text-sm text-destructive" role="alert">
              <CircleAlert className="mt-0.5 size-4 shrink-0" />
              <span>{loadError}</span>
            </div>
            <Button variant="outline" onClick={() => navigate("/Login")}>
              Go to sign in
            </Button>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div>
              <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
                <MailCheck className="size-5 text-primary" /> Join your team
              </h1>
              <p className="mt-1 text-sm text-muted-foreground">
                Create your account for <span className="font-medium text-foreground">{invite!.email}</span>.
              </p>
            </div>
            <FormField id="invite-name" label="Full name">
              <Input id="invite-name" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} autoFocus />
            </FormField>
            <FormField id="invite-password" label="Password" hint={`At least ${MIN_PASSWORD} characters.`}>
              <Input id="invite-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </FormField>
            <FormField id="invite-confirm" label="Confirm password">
              <Input id="invite-confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            </FormField>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <Button type="submit" disabled={busy}>
              {busy && <Spinner className="text-primary-foreground" />}
              Create account
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
