import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { CalendarDays, CircleAlert, Eye, EyeOff, KeyRound, MessagesSquare, ShieldCheck, Video } from "lucide-react";
import { ApiError } from "../../lib/http";
import { SSO_ERRORS, isSsoError, type SignInMethods } from "@shared/sign-in";
import { SSO_START_URL, fetchSignInMethods } from "./api";
import { BrandMark, PRODUCT_NAME } from "../../ui/BrandMark";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { FormField } from "../../ui/FormField";
import { Spinner } from "../../ui/spinner";
import { useSessionStore } from "./store";
import { SecondStep } from "./SecondStep";
import type { SecondFactorNeeded } from "@shared/two-step";

const FEATURES = [
  { icon: MessagesSquare, title: "Channels that keep up", text: "Real-time chat, files and tasks in one thread." },
  { icon: Video, title: "Calls in a click", text: "Audio and video calls with anyone on your team." },
  { icon: CalendarDays, title: "Plans in one place", text: "Tasks, calendar and approvals that stay in sync." },
];

const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

export default function LoginPage() {
  const signIn = useSessionStore((s) => s.signIn);
  const adoptSsoSession = useSessionStore((s) => s.adoptSsoSession);
  const [params] = useSearchParams();
  const ssoError = params.get("error");
  const ssoReturn = params.get("sso") === "1";
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  // A refused single sign-on comes back as ?error=<code> (docs/authentication.md).
  const [error, setError] = useState<string | null>(isSsoError(ssoError) ? SSO_ERRORS[ssoError] : null);
  const [busy, setBusy] = useState(ssoReturn);
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  const [askedForPassword, setAskedForPassword] = useState(false);
  // Only a refused password marks the fields; a refused single sign-on is not their fault.
  const [formRefused, setFormRefused] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondFactorNeeded | null>(null);

  useEffect(() => {
    let live = true;
    fetchSignInMethods()
      .then((m) => live && setMethods(m))
      .catch(() => undefined); // Unknown: the password form stays, as it always was.
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!ssoReturn) return;
    // Back from the identity provider: take the session it made; the router then moves on.
    adoptSsoSession().catch((err: unknown) => {
      setError(err instanceof ApiError ? SSO_ERRORS.state : UNREACHABLE);
      setBusy(false);
    });
  }, [ssoReturn, adoptSsoSession]);

  // PASSWORD_LOGIN=off: the form is the break-glass admin's, shown only when asked for; with an
  // LDAP directory it is everyone's, and takes a sign-in name as well as an e-mail.
  const directory = !!methods?.ldap;
  const passwordForm = methods?.password !== false || directory || askedForPassword;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return;
    setBusy(true);
    setError(null);
    setFormRefused(false);
    try {
      // On success the router sees the new session and moves on to the remembered page or Dashboard.
      const result = await signIn(email.trim(), password);
      // Two-step sign-in: a code (or its setup) comes first (docs/authentication.md).
      if ("second_factor" in result) {
        setSecondStep(result);
        setPassword("");
        setBusy(false);
      }
    } catch (err) {
      // The server says why (wrong password, a deactivated account, too many attempts); only a
      // request that never got an answer needs words of our own.
      setError(err instanceof ApiError ? err.message : UNREACHABLE);
      setFormRefused(true);
      setBusy(false);
    }
  };

  return (
    <div className="grid min-h-svh bg-background lg:grid-cols-[1.05fr_1fr]">
      <aside className="relative hidden overflow-hidden bg-zinc-950 p-12 text-white lg:flex lg:flex-col">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_20%_10%,rgba(99,102,241,0.45),transparent),radial-gradient(50%_40%_at_90%_90%,rgba(139,92,246,0.35),transparent)]" />
        <div className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:44px_44px] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]" />
        <div className="relative flex items-center gap-2.5">
          <BrandMark />
          <span className="text-lg font-semibold tracking-tight">{PRODUCT_NAME}</span>
        </div>
        <div className="relative mt-auto max-w-md">
          <h2 className="text-4xl leading-tight font-semibold tracking-tight text-balance">
            Everything your team needs, in one place.
          </h2>
          <p className="mt-4 text-base text-zinc-400">
            Chat, tasks, calendar, files and calls for your whole organisation, on your own servers.
          </p>
          <ul className="mt-10 grid gap-5">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3.5">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15 ring-inset">
                  <Icon className="size-4 text-indigo-200" />
                </span>
                <span>
                  <span className="block text-sm font-medium">{title}</span>
                  <span className="block text-sm text-zinc-400">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative mt-12 flex items-center gap-2 text-xs text-zinc-500">
          <ShieldCheck className="size-3.5" /> Self-hosted. Your data stays with your organisation.
        </p>
      </aside>

      <main className="flex items-center justify-center px-6 py-12">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-2.5 lg:hidden">
            <BrandMark />
            <span className="text-lg font-semibold tracking-tight">{PRODUCT_NAME}</span>
          </div>
          {secondStep ? (
            <SecondStep step={secondStep} onBack={() => setSecondStep(null)} />
          ) : (
            <>
              <h1 className="text-2xl font-semibold tracking-tight">Sign in to {PRODUCT_NAME}</h1>
              <p className="mt-1.5 text-sm text-muted-foreground">
                {passwordForm ? "Welcome back! Enter your work email and password." : "Welcome back! Sign in with your organisation's account."}
              </p>

              {error && (
                // Red on the red tint falls short of 4.5:1 (axe), so the words are the page's colour and the icon says "error".
                <div
                  role="alert"
                  className="mt-8 flex items-center gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm text-foreground"
                >
                  <CircleAlert className="size-4 shrink-0 text-destructive" />
                  {error}
                </div>
              )}

              {methods?.oidc && (
                <div className={error ? "mt-5" : "mt-8"}>
                  <Button asChild size="lg" variant={passwordForm ? "outline" : "default"} className="w-full">
                    <a href={SSO_START_URL}>
                      <KeyRound />
                      Sign in with {methods.oidc.name}
                    </a>
                  </Button>
                  {passwordForm && (
                    <p className="mt-5 flex items-center gap-3 text-xs text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
                      or with a password
                    </p>
                  )}
                </div>
              )}

              {!passwordForm && (
                <Button variant="link" size="sm" className="mt-4 w-full text-muted-foreground" onClick={() => setAskedForPassword(true)}>
                  Sign in with a password (administrators)
                </Button>
              )}

              {passwordForm && (
                <form className={methods?.oidc ? "mt-5 grid gap-5" : "mt-8 grid gap-5"} onSubmit={submit} noValidate>
                  <FormField id="login-email" label={directory ? "Email or username" : "Email"}>
                    <Input
                      id="login-email"
                      type={directory ? "text" : "email"}
                      autoComplete="username"
                      placeholder="you@company.com"
                      value={email}
                      onChange={(e) => setEmail(e.target.value)}
                      aria-invalid={formRefused}
                      className="h-10"
                      autoFocus
                      required
                    />
                  </FormField>
                  <FormField id="login-password" label="Password">
                    <div className="relative">
                      <Input
                        id="login-password"
                        type={showPassword ? "text" : "password"}
                        autoComplete="current-password"
                        placeholder="••••••••"
                        value={password}
                        onChange={(e) => setPassword(e.target.value)}
                        aria-invalid={formRefused}
                        className="h-10 pr-10"
                        required
                      />
                      <button
                        type="button"
                        onClick={() => setShowPassword((v) => !v)}
                        aria-label={showPassword ? "Hide password" : "Show password"}
                        className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
                      >
                        {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                      </button>
                    </div>
                  </FormField>
                  <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy || !email.trim() || !password}>
                    {busy && <Spinner className="text-primary-foreground" />}
                    Sign in
                  </Button>
                </form>
              )}
              <p className="mt-8 text-center text-xs text-muted-foreground">
                New here? Ask a teammate for an invitation link.
              </p>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
