// OpenID Connect sign-in (docs/authentication.md): authorization code with PKCE through
// openid-client. What the provider must remember between the two legs (state, nonce, the PKCE
// verifier) rides in a short-lived cookie signed with the server's secret, so any node can finish
// a sign-in another node started. Every failure sends the person back to Login with a code
// (shared/sign-in.ts) that Login turns into words; none of them is a 500.
import crypto from "node:crypto";
import { Router, type Request, type Response } from "express";
import * as client from "openid-client";
import { z } from "zod";
import type { AppContext } from "../context";
import type { Config, OidcConfig } from "../config";
import { signInExternal, type ExternalIdentity } from "../features/users/external";
import { presentUser } from "../entities/present";
import { createSession, sign, verifyToken } from "./tokens";
import { readCookie } from "./middleware";
import { setTokenCookie } from "./cookies";
import { unauthorized } from "../errors";
import { LIMITS } from "@shared/constants";
import type { SignInSettings, SsoError } from "@shared/sign-in";

const STATE_COOKIE = "ts_oidc";
/** The session token, handed once to the tab that comes back from the provider (GET /auth/oidc/session). */
const HANDOFF_COOKIE = "ts_oidc_handoff";
/** The ID token, for id_token_hint when the person signs out (kept only if it fits a cookie). */
export const ID_TOKEN_COOKIE = "ts_oidc_id";
const OIDC_PATH = "/api/auth/oidc";
const STATE_TTL_MS = 10 * 60_000;
const HANDOFF_TTL_MS = 2 * 60_000;
/** Discovery is read again after this long, so rotated endpoints are picked up without a restart. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** How long a request to the provider may take before it counts as unreachable. */
const PROVIDER_TIMEOUT_S = 10;

/** The provider's answer to the redirect; anything else in the query is ignored. */
export const callbackQuery = z.object({
  code: z.string().min(1).max(4096).optional(),
  state: z.string().min(1).max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
});

const statePayload = z.object({ state: z.string(), nonce: z.string(), verifier: z.string(), exp: z.number() });
type StatePayload = z.infer<typeof statePayload>;

/** One discovered configuration per configured provider, read again after DISCOVERY_TTL_MS. */
const discovered = new WeakMap<OidcConfig, { at: number; config: Promise<client.Configuration> }>();

export function providerConfiguration(oidc: OidcConfig): Promise<client.Configuration> {
  const hit = discovered.get(oidc);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(oidc.issuer);
  const config = client.discovery(issuer, oidc.clientId, oidc.clientSecret, oidc.clientSecret ? client.ClientSecretBasic(oidc.clientSecret) : client.None(), {
    // Config only lets http:// through for loopback (a local Keycloak, the tests' provider).
    execute: issuer.protocol === "http:" ? [client.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT_S,
  });
  discovered.set(oidc, { at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in asks again.
  config.catch(() => discovered.get(oidc)?.config === config && discovered.delete(oidc));
  return config;
}

function origin(ctx: AppContext, req: Request): string {
  return (ctx.config.publicUrl ?? `${req.protocol}://${req.get("host")}`).replace(/\/+$/, "");
}

const redirectUri = (ctx: AppContext, req: Request) => `${origin(ctx, req)}${OIDC_PATH}/callback`;

function seal(secret: Uint8Array, payload: StatePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

function unseal(secret: Uint8Array, raw: string | undefined): StatePayload | null {
  const [body, sig] = (raw ?? "").split(".");
  if (!body || !sig) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const parsed = statePayload.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success && parsed.data.exp > Date.now() ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keyed apart from the session tokens, which the same secret signs. */
const mac = (secret: Uint8Array, body: string) => crypto.createHmac("sha256", secret).update(`oidc-state:${body}`).digest("base64url");

/** The provider did not answer, or answered as a server in trouble. */
function unreachable(err: unknown): boolean {
  const e = err as { name?: string; status?: number; cause?: { code?: string } | Response } | undefined;
  if (!e) return false;
  if (e instanceof client.ResponseBodyError) return e.status >= 500;
  // A gateway's error page instead of the provider's JSON: the provider is down behind its proxy.
  if (e.cause instanceof Response) return e.cause.status >= 500;
  return e.name === "AbortError" || e.name === "TimeoutError" || (e.name === "TypeError" && (e.cause as { code?: string } | undefined)?.code !== undefined) || String((err as Error).message).includes("fetch failed");
}

/** The claim at a name or a dotted path (Keycloak's realm_access.roles), as a list of group names. */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  let v: unknown = claim in claims ? claims[claim] : claim.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), claims);
  if (typeof v === "string") v = [v];
  return Array.isArray(v) ? v.filter((g): g is string => typeof g === "string") : [];
}

/** What the groups make of someone; a part the configuration does not map is left as it is. */
export function rolesFrom(oidc: OidcConfig, groups: string[]): ExternalIdentity["roles"] {
  const roles: ExternalIdentity["roles"] = {};
  if (oidc.adminGroup) roles.role = groups.includes(oidc.adminGroup) ? "admin" : "user";
  if (oidc.teamRoleGroups.length) roles.team_role = oidc.teamRoleGroups.find((g) => groups.includes(g.group))?.team_role ?? "member";
  return roles;
}

// Some providers send the flag as text.
const verifiedFlag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

// A name the provider spells oddly is only left out: it must not turn the person away.
const identityClaims = z.object({
  email: z.string().trim().toLowerCase().email().max(320).optional(),
  name: z.string().max(500).optional().catch(undefined),
  given_name: z.string().max(200).optional().catch(undefined),
  family_name: z.string().max(200).optional().catch(undefined),
});

export function oidcRoutes(ctx: AppContext): Router {
  const r = Router();
  const secure = (ctx.config.publicUrl ?? "").startsWith("https://");
  const cookie = (maxAge: number, path = OIDC_PATH) => ({ httpOnly: true, sameSite: "lax" as const, secure, path, maxAge });
  const back = (res: Response, error: SsoError) => res.redirect(303, `/Login?error=${error}`);
  /** The provider's configuration, or null (logged) when it cannot be discovered. */
  const discover = (oidc: OidcConfig) =>
    providerConfiguration(oidc).catch((err: unknown) => {
      ctx.log.warn({ err, issuer: oidc.issuer }, "OpenID provider discovery failed");
      return null;
    });

  r.get("/auth/oidc/start", async (req, res) => {
    const oidc = ctx.config.oidc;
    if (!oidc) return back(res, "not_configured");
    const config = await discover(oidc);
    if (!config) return back(res, "unreachable");
    const payload = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), exp: Date.now() + STATE_TTL_MS };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(ctx, req),
      scope: oidc.scopes,
      state: payload.state,
      nonce: payload.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(payload.verifier),
      code_challenge_method: "S256",
    });
    res.cookie(STATE_COOKIE, seal(ctx.config.jwtSecret, payload), cookie(STATE_TTL_MS));
    res.redirect(303, url.href);
  });

  r.get("/auth/oidc/callback", async (req, res) => {
    const oidc = ctx.config.oidc;
    // Whatever happens next, this state was used once.
    res.clearCookie(STATE_COOKIE, { path: OIDC_PATH });
    if (!oidc) return back(res, "not_configured");
    const query = callbackQuery.safeParse(req.query);
    if (!query.success) return back(res, "failed");
    if (query.data.error) return back(res, "denied");
    const saved = unseal(ctx.config.jwtSecret, readCookie(req.headers.cookie, STATE_COOKIE));
    if (!saved || !query.data.state || query.data.state !== saved.state || !query.data.code) return back(res, "state");
    const config = await discover(oidc);
    if (!config) return back(res, "unreachable");
    const current = new URL(redirectUri(ctx, req));
    for (const [k, v] of Object.entries(query.data)) if (v !== undefined) current.searchParams.set(k, v);
    let idToken: string | undefined;
    let claims: Record<string, unknown>;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: saved.verifier,
        expectedState: saved.state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      idToken = tokens.id_token;
      const fromIdToken = (tokens.claims() ?? {}) as Record<string, unknown>;
      claims = fromIdToken;
      // Providers that keep scope claims out of the ID token (oidc-provider, some Keycloak
      // setups) give them at userinfo; the signed ID token wins where both say something.
      const missing = fromIdToken.email === undefined || fromIdToken[oidc.emailVerifiedClaim] === undefined || (groupsWanted(oidc) && fromIdToken[oidc.groupsClaim] === undefined);
      if (missing && config.serverMetadata().userinfo_endpoint) {
        const info = await client.fetchUserInfo(config, tokens.access_token, String(fromIdToken.sub));
        claims = { ...info, ...fromIdToken };
      }
    } catch (err) {
      if (err instanceof client.ResponseBodyError && err.error === "invalid_grant") return back(res, "code");
      if (unreachable(err)) {
        ctx.log.warn({ err, issuer: oidc.issuer }, "OpenID provider unreachable during sign-in");
        return back(res, "unreachable");
      }
      ctx.log.warn({ err, issuer: oidc.issuer }, "OpenID sign-in refused");
      return back(res, "failed");
    }
    const who = identityClaims.safeParse(claims);
    if (!who.success || !who.data.email) return back(res, "no_email");
    if (verifiedFlag.safeParse(claims[oidc.emailVerifiedClaim]).data !== true) return back(res, "email_unverified");
    const email = who.data.email;
    const breakGlass = email === ctx.config.passwordLogin.breakGlassAdmin;
    const outcome = await signInExternal(
      ctx,
      {
        email,
        fullName: who.data.name ?? ([who.data.given_name, who.data.family_name].filter(Boolean).join(" ") || undefined),
        // The break-glass admin stays admin whatever the provider's groups say: it is the way back in.
        roles: breakGlass ? {} : rolesFrom(oidc, groupsOf(claims, oidc.groupsClaim)),
      },
      oidc.createAccounts,
    );
    if ("refused" in outcome) return back(res, outcome.refused);
    const t = await createSession(ctx.db, ctx.config.jwtSecret, outcome.user.id);
    setTokenCookie(res, t, secure);
    res.cookie(HANDOFF_COOKIE, t.accessToken, cookie(HANDOFF_TTL_MS));
    // A cookie holds about 4 KB; a larger ID token is left out ("-") and sign-out names the client instead.
    res.cookie(ID_TOKEN_COOKIE, idToken && idToken.length < 3800 ? idToken : "-", cookie(LIMITS.sessionMaxAgeSeconds * 1000, "/api/auth"));
    ctx.log.info({ user: outcome.user.id, created: outcome.created }, "signed in through OpenID Connect");
    res.redirect(303, "/Login?sso=1");
  });

  // The tab that came back from the provider takes its token once, as password sign-in's answer gives it.
  r.get("/auth/oidc/session", async (req, res) => {
    res.clearCookie(HANDOFF_COOKIE, { path: OIDC_PATH });
    const v = await verifyToken(ctx.db, ctx.config.jwtSecret, readCookie(req.headers.cookie, HANDOFF_COOKIE));
    if (!v) throw unauthorized();
    const t = await sign(ctx.config.jwtSecret, v.user.id, v.sid);
    res.json({ user: presentUser(v.user, v.user), ...t });
  });

  return r;
}

const groupsWanted = (oidc: OidcConfig) => !!oidc.adminGroup || oidc.teamRoleGroups.length > 0;

/**
 * Where to send someone signing out of a session that came from the provider: its end-session
 * endpoint, when it has one and answers discovery; otherwise nowhere (the local sign-out stands).
 */
export async function endSessionUrl(ctx: AppContext, req: Request): Promise<string | undefined> {
  const oidc = ctx.config.oidc;
  const idToken = readCookie(req.headers.cookie, ID_TOKEN_COOKIE);
  if (!oidc || !idToken) return undefined;
  try {
    const config = await providerConfiguration(oidc);
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    const params: Record<string, string> = { client_id: oidc.clientId, post_logout_redirect_uri: `${origin(ctx, req)}/Login` };
    if (idToken !== "-") params.id_token_hint = idToken;
    return client.buildEndSessionUrl(config, params).href;
  } catch (err) {
    ctx.log.warn({ err, issuer: oidc.issuer }, "OpenID provider unreachable at sign-out; signed out here only");
    return undefined;
  }
}

/** What Admin → Security shows of the sign-in settings: everything but the client secret and the directory's password. */
export function signInSettings(config: Config): SignInSettings {
  const { oidc, passwordLogin, ldap } = config;
  return {
    ...(ldap && {
      ldap: {
        url: ldap.url,
        start_tls: ldap.startTls,
        base_dn: ldap.baseDn,
        bind_dn: ldap.bindDn ?? null,
        user_filter: ldap.userFilter,
        login_attribute: ldap.attributes.login,
        groups_from: ldap.groupSearch ? `groups under ${ldap.groupSearch.baseDn}` : (ldap.attributes.groups ?? "none"),
        admin_group: ldap.adminGroup ?? null,
        manager_group: ldap.managerGroup ?? null,
        create_accounts: ldap.createAccounts,
        sync_interval_seconds: ldap.syncIntervalSeconds,
      },
    }),
    password: passwordLogin.enabled ? "on" : "off",
    break_glass_admin: passwordLogin.breakGlassAdmin ?? null,
    oidc: oidc
      ? {
          name: oidc.name,
          issuer: oidc.issuer,
          client_id: oidc.clientId,
          create_accounts: oidc.createAccounts,
          email_verified_claim: oidc.emailVerifiedClaim,
          groups_claim: oidc.groupsClaim,
          admin_group: oidc.adminGroup ?? null,
          team_role_groups: oidc.teamRoleGroups,
        }
      : null,
  };
}
