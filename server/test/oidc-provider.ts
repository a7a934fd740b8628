// A real OpenID provider for tests (the certified `oidc-provider`), on a port of its own, with one
// client registered for the app under test and accounts of its own. Its development login and
// consent pages take any password: the login is the account id. `signIn` drives them over HTTP
// the way a browser would, with a cookie jar per origin.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  /** Entra ID's "e-mail domain owner verified", which it sends instead of email_verified. */
  xms_edov?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Record<string, TestAccount>;
  /** Registers the app that will sign in here (its callback and the page sign-out returns to). */
  allow: (appUrl: string) => void;
  /** Answers every request with this status from now on (a proxy in front of a provider that is down); undefined: normal again. */
  failWith: (status: number | undefined) => void;
  stop: () => Promise<void>;
}

/**
 * Starts the provider at `port` (0: any free one). Clients can only be registered at
 * construction, so the provider is built lazily on the first request after `allow`, when the
 * app's address is known.
 */
export async function startTestProvider(port = 0, accounts: Record<string, TestAccount> = {}): Promise<TestProvider> {
  const clientId = "teamspace-test";
  const clientSecret = "teamspace-test-secret-0123456789";
  let handler: http.RequestListener | undefined;
  let failing: number | undefined;
  const server = http.createServer((req, res) => {
    if (!handler || failing) {
      res.statusCode = failing ?? 503;
      res.end(failing ? "Bad Gateway" : "no client registered yet");
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration = (appUrl: string): Configuration => ({
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/api/auth/oidc/callback`],
        post_logout_redirect_uris: [`${appUrl}/Login`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    async findAccount(_ctx, id) {
      const account = accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // groups comes with the profile scope, as a Keycloak group mapper or Entra's groups claim would.
    claims: { openid: ["sub"], email: ["email", "email_verified", "xms_edov"], profile: ["name", "groups"] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ["test-provider-cookie-key-0123456789"] },
    // A key and lifetimes of its own, so the provider's start-up warnings stay out of the test output.
    jwks: { keys: [{ ...crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }), use: "sig", alg: "RS256" } as never] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    // The tests' clock is the provider's; keep development warnings out of their output.
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = `<h1>provider error</h1><pre>${JSON.stringify(out)}</pre>`;
    },
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    allow: (appUrl) => {
      const provider = new Provider(issuer, configuration(appUrl));
      handler = provider.callback();
    },
    failWith: (status) => {
      failing = status;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Cookies per origin, as a browser keeps them (paths and expiry beyond Max-Age=0 are not needed here). */
export class CookieJar {
  private jars = new Map<string, Map<string, string>>();

  header(url: string): string {
    return [...(this.jars.get(new URL(url).origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  take(url: string, res: Response): void {
    const jar = this.jars.get(new URL(url).origin) ?? new Map<string, string>();
    this.jars.set(new URL(url).origin, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (gone) jar.delete(name);
      else jar.set(name, pair.slice(i + 1).trim());
    }
  }

  set(url: string, name: string, value: string): void {
    const jar = this.jars.get(new URL(url).origin) ?? new Map<string, string>();
    this.jars.set(new URL(url).origin, jar);
    jar.set(name, value);
  }

  get(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).origin)?.get(name);
  }
}

export interface Hop {
  status: number;
  url: string;
  location?: string;
  body: string;
}

/** One request without following redirects, cookies from and into the jar. */
export async function hop(jar: CookieJar, url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Hop> {
  const res = await fetch(url, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    redirect: "manual",
    headers: { cookie: jar.header(url), ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
  jar.take(url, res);
  const location = res.headers.get("location") ?? undefined;
  return { status: res.status, url, location: location ? new URL(location, url).href : undefined, body: await res.text() };
}

const formAction = (html: string) => {
  const m = /<form[^>]*action="([^"]+)"/.exec(html);
  return m?.[1].replace(/&amp;/g, "&").replace(/&#x2F;/g, "/").replace(/&#x3D;/g, "=");
};

/**
 * Starts a sign-in at the app and goes through the provider's login and consent as `login`; stops
 * at the redirect back to the app and returns the callback URL, so a test may replay or alter it.
 */
export async function toCallback(jar: CookieJar, appUrl: string, login: string): Promise<string> {
  let step = await hop(jar, `${appUrl}/api/auth/oidc/start`);
  for (let i = 0; i < 20; i++) {
    if (step.location?.startsWith(`${appUrl}/`)) return step.location;
    if (step.location) {
      step = await hop(jar, step.location);
      continue;
    }
    const action = formAction(step.body);
    if (step.status !== 200 || !action) throw new Error(`unexpected answer from ${step.url}: ${step.status} ${step.body.slice(0, 300)}`);
    const target = new URL(action, step.url).href;
    step = step.body.includes('name="login"') ? await hop(jar, target, { form: { prompt: "login", login, password: "any" } }) : await hop(jar, target, { form: { prompt: "consent" } });
  }
  throw new Error("the sign-in went round in circles");
}
