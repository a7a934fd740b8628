import { z } from "zod";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import net from "node:net";
import { LIMITS } from "@shared/constants";
import { parseEgressPorts, parseEgressRanges, type EgressRules } from "./net/egress";
import { ldapConfig, ldapEnv, type LdapConfig } from "./auth/ldap-config";

export type { LdapConfig };

/**
 * Pending connections the kernel may queue for the server (capped by net.core.somaxconn). After a
 * restart every client reconnects at once: with Node's default of 511 the kernel drops the rest,
 * and each dropped client waits 1 s, then 3 s, to retry.
 */
export const LISTEN_BACKLOG = 65_535;

const DEFAULT_ICE = [{ urls: "stun:stun.l.google.com:19302" }, { urls: "stun:stun1.l.google.com:19302" }];

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** A setting read by `parse`, whose string result is the reason the setting is refused. */
function parsedWith<T>(parse: (raw: string | undefined) => T | string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parse(v);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    });
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(16, "JWT_SECRET must be at least 16 characters").optional(),
  SEED_DEMO: bool,
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ICE_SERVERS: z.string().optional(),
  FILE_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(10_000).default(100),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_URL: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  // Costly reads per person per minute (server/rate-limits.ts).
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  UNREAD_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  EXPORT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  NODE_ID: z.string().optional(),
  CALL_RING_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(LIMITS.callRingTimeoutMs),
  PRESENCE_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(LIMITS.presenceGraceMs),
  CALL_LEAVE_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(LIMITS.callLeaveGraceMs),
  FEED_RETENTION_HOURS: z.coerce.number().positive().max(24 * 365).default(48),
  FEED_CONSUMER_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(500),
  REDIS_PREFIX: z.string().regex(/^[\w.-]{1,40}$/).default("ts"),
  TRUST_PROXY: parsedWith(parseTrustProxy),
  // The SFU (docs/calls.md): Janus's WebSocket API, on loopback or a private network.
  JANUS_URL: z.string().regex(/^wss?:\/\//, "must be a ws:// or wss:// URL").optional(),
  // Where Janus writes server-side recordings of SFU calls; the same path must be readable here.
  JANUS_REC_DIR: z.string().regex(/^\//, "must be an absolute path").optional(),
  CALL_MESH_MAX: z.coerce.number().int().min(2).max(LIMITS.groupCallMaxParticipants).default(LIMITS.meshCallMaxDefault),
  // TURN with time-limited credentials (coturn's use-auth-secret): the shared secret and the TURN URLs.
  TURN_SECRET: z.string().min(16, "TURN_SECRET must be at least 16 characters").optional(),
  TURN_URLS: z.string().optional(),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 86400).default(12 * 3600),
  SOCKET_RATE_PER_SEC: z.coerce.number().positive().max(100_000).default(50),
  SOCKET_RATE_BURST: z.coerce.number().int().min(1).max(100_000).default(100),
  REMINDER_SWEEP_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  // Notifications (docs/notifications.md): Web Push keys (generated into DATA_DIR when unset),
  // mail over SMTP (unset: no mail), how long a job waits before it is decided and how often
  // each node looks for due jobs, and how long someone is offline before unread DMs are mailed.
  VAPID_PUBLIC_KEY: z.string().regex(/^[\w-]{80,100}$/, "must be a URL-safe base64 P-256 public key").optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[\w-]{40,50}$/, "must be a URL-safe base64 P-256 private key").optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https: URL").optional(),
  PUSH_ALLOW_HTTP: bool,
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool,
  // Link previews (docs/integrations.md, "Link previews"), and what the egress guard
  // (server/net/egress.ts) lets through beyond public addresses on ports 80 and 443.
  LINK_PREVIEWS: z.enum(["on", "off"]).default("on"),
  EGRESS_ALLOW_RANGES: parsedWith(parseEgressRanges),
  EGRESS_ALLOW_PORTS: parsedWith(parseEgressPorts),
  SMTP_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional()),
  MAIL_FROM: z.string().optional(),
  NOTIFY_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  NOTIFY_SWEEP_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  NOTIFY_SUMMARY_RECHECK_MS: z.coerce.number().int().min(50).max(600_000).default(15_000),
  NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(8),
  NOTIFY_PUSH_RATE: z.coerce.number().min(0).max(100_000).default(0),
  DIGEST_DELAY_MINUTES: z.coerce.number().min(0).max(24 * 60).default(15),
  // Empty (docker-compose passes METRICS_TOKEN through when unset) is the same as unset.
  METRICS_TOKEN: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
  // OpenID Connect sign-in (docs/authentication.md); unset OIDC_ISSUER: no single sign-on.
  OIDC_ISSUER: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().refine(secureOrLoopback, "must be an https:// URL (http:// only on loopback)").optional()),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_NAME: z.string().trim().min(1).max(60).default("single sign-on"),
  OIDC_SCOPES: z.string().regex(/^[\w:./-]+( [\w:./-]+)*$/, "must be scopes separated by single spaces").default("openid email profile"),
  OIDC_CREATE_ACCOUNTS: z
    .enum(["1", "0", "true", "false", "yes", "no", ""])
    .optional()
    .transform((v) => v === undefined || v === "" || v === "1" || v === "true" || v === "yes"),
  OIDC_EMAIL_VERIFIED_CLAIM: z.string().regex(/^[\w:./-]{1,200}$/, "must be a claim name").default("email_verified"),
  OIDC_GROUPS_CLAIM: z.string().regex(/^[\w:./-]{1,200}$/, "must be a claim name").default("groups"),
  OIDC_ADMIN_GROUP: z.string().min(1).max(500).optional(),
  OIDC_TEAM_ROLE_GROUPS: parsedWith(parseTeamRoleGroups),
  PASSWORD_LOGIN: z.enum(["on", "off"]).default("on"),
  BREAK_GLASS_ADMIN: z.string().trim().toLowerCase().email().optional(),
  // Who must use two-step sign-in (docs/authentication.md, "Two-step sign-in").
  REQUIRE_TOTP: z.enum(["off", "admins", "everyone"]).default("off"),
  // LDAP / Active Directory sign-in and directory sync (docs/authentication.md, "LDAP / Active Directory").
  ...ldapEnv,
});

/** An identity provider is reached over https, except one on this machine (a test or a local Keycloak). */
function secureOrLoopback(raw: string): boolean {
  const u = new URL(raw);
  return u.protocol === "https:" || (u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname));
}

/** The team roles OIDC_TEAM_ROLE_GROUPS hands out, highest first: someone in several groups gets the highest. */
export type TeamRoleGroups = { team_role: "admin" | "manager"; group: string }[];

/** `admin=it-admins,manager=team-leads` (either part may be left out); a string result is the reason it is refused. */
export function parseTeamRoleGroups(raw: string | undefined): TeamRoleGroups | string {
  const out: TeamRoleGroups = [];
  for (const item of (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const eq = item.indexOf("=");
    const role = item.slice(0, Math.max(eq, 0)).trim();
    const group = item.slice(eq + 1).trim();
    if ((role !== "admin" && role !== "manager") || !group) return `'${item}' is not admin=<group> or manager=<group>`;
    out.push({ team_role: role, group });
  }
  return out.sort((a, b) => (a.team_role === b.team_role ? 0 : a.team_role === "admin" ? -1 : 1));
}


const PROXY_PRESETS = ["loopback", "linklocal", "uniquelocal"];

/**
 * Which peers may set X-Forwarded-For: unset or "" trusts none (req.ip is the socket's address),
 * a number trusts that many hops, otherwise a comma list of addresses, CIDR ranges or the presets
 * loopback, linklocal and uniquelocal. A string result is the reason the setting is refused.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const v = (raw ?? "").trim();
  if (v === "" || v === "0" || v.toLowerCase() === "false") return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (v.toLowerCase() === "true") return "TRUST_PROXY=true would trust any client's X-Forwarded-For; give the proxy's address or a hop count";
  const items = v.split(",").map((s) => s.trim()).filter(Boolean);
  for (const item of items) {
    if (PROXY_PRESETS.includes(item)) continue;
    const [addr, bits, ...rest] = item.split("/");
    const kind = net.isIP(addr);
    const maxBits = kind === 4 ? 32 : 128;
    if (!kind || rest.length || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))) {
      return `'${item}' is not an address, a CIDR range, loopback, linklocal or uniquelocal`;
    }
  }
  return items;
}

/** Express's "trust proxy" value: false (none), a hop count, or addresses/ranges/presets. */
export type TrustProxy = false | number | string[];

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  jwtSecret: Uint8Array;
  seedDemo: boolean;
  adminEmail?: string;
  adminPassword?: string;
  iceServers: RTCIceServerLike[];
  fileStorage: "local" | "s3";
  s3: { bucket?: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string };
  maxUploadBytes: number;
  logLevel: Env["LOG_LEVEL"];
  publicUrl?: string;
  loginRateLimit: number;
  /** Requests per person per minute: searches, unread recounts, exports (server/rate-limits.ts). */
  readRateLimits: { search: number; unread: number; export: number };
  nodeId: string;
  /** Unanswered calls become `missed` after this long (LIMITS.callRingTimeoutMs; shorter in tests). */
  callRingTimeoutMs: number;
  /** A user with no socket and no recent poll is offline after this long. */
  presenceGraceMs: number;
  /** A participant none of whose sockets holds the call any more leaves it after this long (a reload comes back sooner). */
  callLeaveGraceMs: number;
  /** How long change records are kept for catching up (docs/architecture.md, "The change feed"). */
  feedRetentionHours: number;
  /** How often each node's durable feed consumers look for records no local commit woke them for (docs/architecture.md, "Side effects"). */
  feedConsumerPollMs: number;
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Peers whose X-Forwarded-For is believed (TRUST_PROXY); false: none, req.ip is the socket address. */
  trustProxy: TrustProxy;
  /** The built client served at /; tests point it elsewhere. */
  clientDir?: string;
  /** Janus's WebSocket API (JANUS_URL); unset: no SFU, calls stay mesh up to 8 people. */
  janusUrl?: string;
  /** Janus's recording directory (JANUS_REC_DIR), shared with this node; unset: SFU calls are recorded by a browser. */
  janusRecDir?: string;
  /** Calls of more people than this move to the SFU when there is one. */
  meshMax: number;
  /** TURN with time-limited credentials: coturn's static-auth-secret and the TURN server URLs. */
  turn?: { secret: string; urls: string[]; ttlSeconds: number };
  /** Socket commands: a token bucket per socket (per user across nodes with Redis) refilled at this rate... */
  socketRatePerSec: number;
  /** ...holding at most this many, so a burst this size passes at once. */
  socketRateBurst: number;
  /** How often each node looks for due calendar reminders (a reminder is at most this late). */
  reminderSweepMs: number;
  /** Bearer token a Prometheus scraper presents at /metrics; without it only loopback callers may scrape. */
  metricsToken?: string;
  /** Notifications (docs/notifications.md): VAPID keys from the environment (else DATA_DIR), SMTP, timings. */
  notify: {
    vapid?: { publicKey: string; privateKey: string };
    vapidSubject?: string;
    /** Accept http:// push endpoints (a local push service in tests); real push services are https. */
    allowHttpEndpoints: boolean;
    /** Accept push endpoints on loopback/private/link-local hosts (and http): a local push service in tests. */
    allowPrivateEndpoints: boolean;
    smtpUrl?: string;
    mailFrom?: string;
    /** A job is decided this long after the change it is about (someone reading live gets no push). */
    delayMs: number;
    /** How often each node's worker looks for due jobs. */
    sweepMs: number;
    /** Unread DMs are mailed to someone offline this long (0: no digest). */
    digestDelayMs: number;
    /** How often a summary of held pushes looks whether its person is still busy (quiet hours: at most 20 times this). */
    summaryRecheckMs: number;
    /** Jobs each node's worker handles at once. */
    concurrency: number;
    /** Pushes a node hands to push services per second, urgent ones aside (0: as fast as they answer). */
    pushRate: number;
  };
  /** LINK_PREVIEWS: whether messages' links get previews at all (docs/integrations.md, "Link previews"). */
  linkPreviews: boolean;
  /** EGRESS_ALLOW_RANGES, EGRESS_ALLOW_PORTS: what the egress guard lets through besides the public internet. */
  egress: EgressRules;
  /** OpenID Connect sign-in (docs/authentication.md); absent when OIDC_ISSUER is unset. */
  oidc?: OidcConfig;
  /** PASSWORD_LOGIN=off: only the break-glass admin may still sign in with a password. */
  passwordLogin: { enabled: boolean; breakGlassAdmin?: string };
  /** REQUIRE_TOTP: who must set up two-step sign-in before a password sign-in completes. */
  requireTotp: "off" | "admins" | "everyone";
  /** LDAP / Active Directory (docs/authentication.md); absent when LDAP_URL is unset. */
  ldap?: LdapConfig;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Shown on Login as "Sign in with <name>". */
  name: string;
  scopes: string;
  /** Someone the provider vouches for but who has no account gets one (true), or is turned away (false). */
  createAccounts: boolean;
  /** The boolean claim that says the e-mail is verified (Entra ID: xms_edov). */
  emailVerifiedClaim: string;
  groupsClaim: string;
  /** Members of this group are admins (role admin), everyone else role user; unset: roles are not the provider's. */
  adminGroup?: string;
  /** team_role from groups, highest first; empty: team roles are not the provider's. */
  teamRoleGroups: TeamRoleGroups;
}

export interface RTCIceServerLike {
  urls: string | string[];
  username?: string;
  credential?: string;
}

const iceSchema = z.array(
  z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() }),
);

/** Reads the environment once; throws with a readable message on a bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${msg}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  if (e.DATABASE_URL && !e.JWT_SECRET && !overrides.jwtSecret) {
    throw new Error("Invalid configuration: JWT_SECRET is required when DATABASE_URL is set");
  }
  let iceServers: RTCIceServerLike[] = DEFAULT_ICE;
  if (e.ICE_SERVERS) {
    let raw: unknown;
    try {
      raw = JSON.parse(e.ICE_SERVERS);
    } catch {
      throw new Error("Invalid configuration: ICE_SERVERS must be JSON");
    }
    const ice = iceSchema.safeParse(raw);
    if (!ice.success) throw new Error("Invalid configuration: ICE_SERVERS must be a list of {urls, username?, credential?}");
    iceServers = ice.data;
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) throw new Error("Invalid configuration: OIDC_CLIENT_ID is required with OIDC_ISSUER");
  const jwtSecret = overrides.jwtSecret ?? (e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : localSecret(dataDir));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret,
    seedDemo: e.DATABASE_URL ? e.SEED_DEMO : true,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    iceServers,
    fileStorage: e.FILE_STORAGE,
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    },
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    readRateLimits: { search: e.SEARCH_RATE_LIMIT, unread: e.UNREAD_RATE_LIMIT, export: e.EXPORT_RATE_LIMIT },
    nodeId: e.NODE_ID ?? `${process.pid}`,
    callRingTimeoutMs: e.CALL_RING_TIMEOUT_MS,
    presenceGraceMs: e.PRESENCE_GRACE_MS,
    callLeaveGraceMs: e.CALL_LEAVE_GRACE_MS,
    feedRetentionHours: e.FEED_RETENTION_HOURS,
    feedConsumerPollMs: e.FEED_CONSUMER_POLL_MS,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: e.TRUST_PROXY,
    janusUrl: e.JANUS_URL,
    janusRecDir: e.JANUS_REC_DIR,
    meshMax: e.CALL_MESH_MAX,
    turn:
      e.TURN_SECRET && e.TURN_URLS
        ? { secret: e.TURN_SECRET, urls: e.TURN_URLS.split(",").map((u) => u.trim()).filter(Boolean), ttlSeconds: e.TURN_TTL_SECONDS }
        : undefined,
    socketRatePerSec: e.SOCKET_RATE_PER_SEC,
    socketRateBurst: e.SOCKET_RATE_BURST,
    reminderSweepMs: e.REMINDER_SWEEP_MS,
    metricsToken: e.METRICS_TOKEN,
    notify: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      vapidSubject: e.VAPID_SUBJECT,
      allowHttpEndpoints: e.PUSH_ALLOW_HTTP,
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      delayMs: e.NOTIFY_DELAY_MS,
      sweepMs: e.NOTIFY_SWEEP_MS,
      digestDelayMs: Math.round(e.DIGEST_DELAY_MINUTES * 60_000),
      summaryRecheckMs: e.NOTIFY_SUMMARY_RECHECK_MS,
      concurrency: e.NOTIFY_CONCURRENCY,
      pushRate: e.NOTIFY_PUSH_RATE,
    },
    linkPreviews: e.LINK_PREVIEWS === "on",
    egress: { allowRanges: e.EGRESS_ALLOW_RANGES, allowPorts: e.EGRESS_ALLOW_PORTS },
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
            scopes: e.OIDC_SCOPES,
            createAccounts: e.OIDC_CREATE_ACCOUNTS,
            emailVerifiedClaim: e.OIDC_EMAIL_VERIFIED_CLAIM,
            groupsClaim: e.OIDC_GROUPS_CLAIM,
            adminGroup: e.OIDC_ADMIN_GROUP,
            teamRoleGroups: e.OIDC_TEAM_ROLE_GROUPS,
          }
        : undefined,
    passwordLogin: { enabled: e.PASSWORD_LOGIN === "on", breakGlassAdmin: e.BREAK_GLASS_ADMIN },
    requireTotp: e.REQUIRE_TOTP,
    ldap: ldapConfig(e),
    ...overrides,
  };
}

/** The embedded mode keeps a generated secret beside its data, so tokens survive restarts. */
function localSecret(dataDir: string): Uint8Array {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "jwt-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { mode: 0o600 });
  return new TextEncoder().encode(fs.readFileSync(file, "utf8").trim());
}
