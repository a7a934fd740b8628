// The settings of LDAP / Active Directory sign-in and the directory sync (docs/authentication.md,
// "LDAP / Active Directory"), read from the environment with the rest of server/config.ts.
import fs from "node:fs";
import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

function ldapAttributeName() {
  return z.string().regex(/^([A-Za-z][\w-]{0,99}|\d+(\.\d+)+)$/, "must be an LDAP attribute name");
}
/** An LDAP attribute name (or OID). */
function ldapAttribute(fallback: string) {
  return ldapAttributeName().default(fallback);
}
/** The same, where an empty value means the attribute is not read at all. */
function ldapOptionalAttribute(fallback: string) {
  return z
    .union([ldapAttributeName(), z.literal("")])
    .optional()
    .transform((v) => (v === undefined ? fallback : v || undefined));
}

/** The LDAP_* variables, part of the environment's schema. */
export const ldapEnv = {
  LDAP_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^ldaps?:\/\/[^\s/]+\/?$/, "must be ldap://host[:port] or ldaps://host[:port]").optional()),
  LDAP_START_TLS: bool,
  LDAP_TLS_CA: z.string().optional(),
  LDAP_BIND_DN: z.string().max(1000).optional(),
  LDAP_BIND_PASSWORD: z.string().max(1000).optional(),
  LDAP_BASE_DN: z.string().max(1000).optional(),
  LDAP_USER_FILTER: z.string().regex(/^\(.*\)$/s, "must be an LDAP filter in parentheses").max(2000).default("(objectClass=inetOrgPerson)"),
  LDAP_DISABLED_FILTER: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\(.*\)$/s, "must be an LDAP filter in parentheses").max(2000).optional()),
  LDAP_LOGIN_ATTRIBUTE: ldapAttribute("uid"),
  LDAP_EMAIL_ATTRIBUTE: ldapAttribute("mail"),
  LDAP_NAME_ATTRIBUTE: ldapAttribute("cn"),
  LDAP_TITLE_ATTRIBUTE: ldapOptionalAttribute("title"),
  LDAP_DEPARTMENT_ATTRIBUTE: ldapOptionalAttribute("departmentNumber"),
  LDAP_PHONE_ATTRIBUTE: ldapOptionalAttribute("telephoneNumber"),
  LDAP_GROUPS_ATTRIBUTE: ldapOptionalAttribute("memberOf"),
  LDAP_GROUP_BASE_DN: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(1000).optional()),
  LDAP_GROUP_MEMBER_ATTRIBUTE: ldapAttribute("member"),
  LDAP_GROUP_NAME_ATTRIBUTE: ldapAttribute("cn"),
  LDAP_ADMIN_GROUP: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(1000).optional()),
  LDAP_MANAGER_GROUP: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(1000).optional()),
  LDAP_CREATE_ACCOUNTS: z
    .enum(["1", "0", "true", "false", "yes", "no", ""])
    .optional()
    .transform((v) => v === undefined || v === "" || v === "1" || v === "true" || v === "yes"),
  // Seconds between two syncs (0: no sync); the directory's answers are awaited LDAP_TIMEOUT_MS at most.
  LDAP_SYNC_INTERVAL: z.coerce.number().int().min(0).max(7 * 86400).refine((v) => v === 0 || v >= 10, "must be 0 (off) or at least 10 seconds").default(3600),
  LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
};

type LdapEnv = z.infer<z.ZodObject<typeof ldapEnv>>;

export interface LdapConfig {
  url: string;
  startTls: boolean;
  /** PEM text of LDAP_TLS_CA, trusted for ldaps:// and StartTLS besides the system's authorities. */
  ca?: string;
  bindDn?: string;
  bindPassword?: string;
  baseDn: string;
  userFilter: string;
  /** People this filter matches are treated as gone (Active Directory: the ACCOUNTDISABLE bit). */
  disabledFilter?: string;
  attributes: { login: string; email: string; name: string; title?: string; department?: string; phone?: string; groups?: string };
  /** Set: groups are searched under this DN (entries whose memberAttribute holds the person's DN) instead of read from attributes.groups. */
  groupSearch?: { baseDn: string; memberAttribute: string; nameAttribute: string };
  /** Members of this group (its name or DN) are admins (role admin), everyone else role user; unset: roles are not the directory's. */
  adminGroup?: string;
  /** Members of this group get team_role manager, everyone else member; unset: team roles are not the directory's. */
  managerGroup?: string;
  /** Someone the directory knows but who has no account gets one (true), or is turned away (false). */
  createAccounts: boolean;
  /** Seconds between syncs; 0: no scheduled sync. */
  syncIntervalSeconds: number;
  /** How long a connection or an answer may take before the directory counts as unreachable. */
  timeoutMs: number;
}

/** The directory's settings, or undefined without LDAP_URL; throws with a readable message on a bad one. */
export function ldapConfig(e: LdapEnv): LdapConfig | undefined {
  if (e.LDAP_URL && !e.LDAP_BASE_DN) throw new Error("Invalid configuration: LDAP_BASE_DN is required with LDAP_URL");
  if (e.LDAP_URL && e.LDAP_START_TLS && e.LDAP_URL.startsWith("ldaps:")) throw new Error("Invalid configuration: LDAP_START_TLS is for ldap:// URLs (ldaps:// is TLS already)");
  let ldapCa: string | undefined;
  if (e.LDAP_URL && e.LDAP_TLS_CA) {
    try {
      ldapCa = fs.readFileSync(e.LDAP_TLS_CA, "utf8");
    } catch {
      throw new Error(`Invalid configuration: LDAP_TLS_CA: cannot read ${e.LDAP_TLS_CA}`);
    }
  }
  return e.LDAP_URL && e.LDAP_BASE_DN
    ? {
        url: e.LDAP_URL,
        startTls: e.LDAP_START_TLS,
        ca: ldapCa,
        bindDn: e.LDAP_BIND_DN || undefined,
        bindPassword: e.LDAP_BIND_PASSWORD || undefined,
        baseDn: e.LDAP_BASE_DN,
        userFilter: e.LDAP_USER_FILTER,
        disabledFilter: e.LDAP_DISABLED_FILTER,
        attributes: {
          login: e.LDAP_LOGIN_ATTRIBUTE,
          email: e.LDAP_EMAIL_ATTRIBUTE,
          name: e.LDAP_NAME_ATTRIBUTE,
          title: e.LDAP_TITLE_ATTRIBUTE,
          department: e.LDAP_DEPARTMENT_ATTRIBUTE,
          phone: e.LDAP_PHONE_ATTRIBUTE,
          groups: e.LDAP_GROUPS_ATTRIBUTE,
        },
        groupSearch: e.LDAP_GROUP_BASE_DN
          ? { baseDn: e.LDAP_GROUP_BASE_DN, memberAttribute: e.LDAP_GROUP_MEMBER_ATTRIBUTE, nameAttribute: e.LDAP_GROUP_NAME_ATTRIBUTE }
          : undefined,
        adminGroup: e.LDAP_ADMIN_GROUP,
        managerGroup: e.LDAP_MANAGER_GROUP,
        createAccounts: e.LDAP_CREATE_ACCOUNTS,
        syncIntervalSeconds: e.LDAP_SYNC_INTERVAL,
        timeoutMs: e.LDAP_TIMEOUT_MS,
      }
    : undefined;
}
