// Talking to an LDAP directory or Active Directory (docs/authentication.md, "LDAP / Active
// Directory") through ldapts: finding a person with the service account, proving their password by
// binding as them, listing everyone for the sync, and the groups each person is in. Every value a
// person typed reaches a filter only through ldapts' escaping (RFC 4515), so a login such as
// `*)(uid=*` is looked for literally and matches nobody. Every connection and answer has a time
// limit; a directory that is down or slow is a DirectoryUnavailable, never a hang.
import { Client, InvalidCredentialsError, escapeFilter, type Entry } from "ldapts";
import type { LdapConfig } from "../config";
import type { ExternalIdentity } from "../features/users/external";

/** A group the directory puts someone in: its DN and its short name (cn). */
export interface DirectoryGroup {
  dn: string;
  name: string;
}

/** One person as the directory describes them; `email` is lower-case, or null when the entry has none usable. */
export interface DirectoryPerson {
  dn: string;
  email: string | null;
  login?: string;
  fullName?: string;
  title: string | null;
  department: string | null;
  phone: string | null;
  groups: DirectoryGroup[];
  /** Matched LDAP_DISABLED_FILTER: counts as gone. */
  disabled: boolean;
}

/** The directory could not be reached, answered too late, or refused the service account. */
export class DirectoryUnavailable extends Error {
  constructor(readonly reason: string, options?: { cause?: unknown }) {
    super(`directory unavailable: ${reason}`, options);
  }
}

const PAGE_SIZE = 200;
// Long enough for any real e-mail or value; a longer one is cut rather than stored whole.
const MAX_TEXT = 200;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** A connected client, bound as the service account (anonymous when none is set), already on TLS when StartTLS is on. */
async function serviceClient(ldap: LdapConfig): Promise<Client> {
  const client = await connect(ldap);
  try {
    if (ldap.bindDn) await client.bind(ldap.bindDn, ldap.bindPassword ?? "");
    return client;
  } catch (err) {
    await close(client);
    // A refused service account is the configuration's fault: the person can do nothing about it.
    if (err instanceof InvalidCredentialsError) throw new DirectoryUnavailable("the service account (LDAP_BIND_DN) was refused", { cause: err });
    throw unavailable(err);
  }
}

async function connect(ldap: LdapConfig): Promise<Client> {
  const tlsOptions = { ca: ldap.ca ? [ldap.ca] : undefined, minVersion: "TLSv1.2" as const };
  // ldapts speaks TLS from the first byte whenever tlsOptions are given: only for ldaps://.
  const secure = ldap.url.startsWith("ldaps:");
  const client = new Client({ url: ldap.url, timeout: ldap.timeoutMs, connectTimeout: ldap.timeoutMs, tlsOptions: secure ? tlsOptions : undefined, strictDN: false });
  if (ldap.startTls) {
    try {
      await client.startTLS({ ...tlsOptions, servername: new URL(ldap.url).hostname });
    } catch (err) {
      await close(client);
      throw unavailable(err);
    }
  }
  return client;
}

async function close(client: Client): Promise<void> {
  await client.unbind().catch(() => undefined);
}

function unavailable(err: unknown): DirectoryUnavailable {
  if (err instanceof DirectoryUnavailable) return err;
  const e = err as { code?: string | number; message?: string };
  return new DirectoryUnavailable(String(e?.code ?? e?.message ?? err).slice(0, 200), { cause: err });
}

/** Runs `work` with a service-bound client and always lets it go; anything the directory throws is DirectoryUnavailable. */
async function withService<T>(ldap: LdapConfig, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await serviceClient(ldap);
  try {
    return await work(client);
  } catch (err) {
    throw unavailable(err);
  } finally {
    await close(client);
  }
}

const first = (v: Entry[string] | undefined): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === "string" && x.trim() ? x.trim().slice(0, MAX_TEXT) : undefined;
};
const all = (v: Entry[string] | undefined): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === "string");

/** DNs compared as the directory would: case and the spaces after separators do not matter. */
export const sameDn = (a: string, b: string) => normalDn(a) === normalDn(b);
const normalDn = (dn: string) => dn.replace(/\s*([,=+])\s*/g, "$1").trim().toLowerCase();
/** The value of a DN's first part: cn=Workspace Admins,ou=groups,... → Workspace Admins. */
const rdnValue = (dn: string) => /^[^=]+=((?:\\.|[^,+\\])*)/.exec(dn)?.[1]?.replace(/\\(.)/g, "$1").trim() ?? dn;

function attributesWanted(ldap: LdapConfig): string[] {
  const a = ldap.attributes;
  return [a.login, a.email, a.name, a.title, a.department, a.phone, ldap.groupSearch ? undefined : a.groups].filter((x): x is string => !!x);
}

function toPerson(ldap: LdapConfig, entry: Entry, groups: DirectoryGroup[], disabled: boolean): DirectoryPerson {
  const a = ldap.attributes;
  const mail = first(entry[a.email])?.toLowerCase();
  const optional = (name?: string) => (name ? (first(entry[name]) ?? null) : null);
  return {
    dn: entry.dn,
    email: mail && EMAIL.test(mail) ? mail : null,
    login: first(entry[a.login]),
    fullName: first(entry[a.name]),
    title: optional(a.title),
    department: optional(a.department),
    phone: optional(a.phone),
    groups,
    disabled,
  };
}

function groupsFromAttribute(ldap: LdapConfig, entry: Entry): DirectoryGroup[] {
  const attr = ldap.attributes.groups;
  return attr ? all(entry[attr]).map((dn) => ({ dn, name: rdnValue(dn) })) : [];
}

/** The groups whose member attribute holds `dn` (group search), one query. */
async function searchGroupsOf(client: Client, ldap: LdapConfig, dn: string): Promise<DirectoryGroup[]> {
  const g = ldap.groupSearch!;
  const { searchEntries } = await client.search(g.baseDn, { scope: "sub", filter: `(${g.memberAttribute}=${escapeFilter`${dn}`})`, attributes: [g.nameAttribute], timeLimit: Math.ceil(ldap.timeoutMs / 1000) });
  return searchEntries.map((e) => ({ dn: e.dn, name: first(e[g.nameAttribute]) ?? rdnValue(e.dn) }));
}

/** Whether the entry at `dn` matches LDAP_DISABLED_FILTER. */
async function isDisabled(client: Client, ldap: LdapConfig, dn: string): Promise<boolean> {
  if (!ldap.disabledFilter) return false;
  const { searchEntries } = await client.search(dn, { scope: "base", filter: ldap.disabledFilter, attributes: ["1.1"] });
  return searchEntries.length > 0;
}

export type Lookup = { person: DirectoryPerson } | { missing: true } | { ambiguous: true };

/**
 * The person whose login attribute or e-mail is `typed`, looked up with the service account.
 * Several entries answering to one login is refused rather than guessed between.
 */
export async function findPerson(ldap: LdapConfig, typed: string): Promise<Lookup> {
  const value = typed.trim();
  const { login, email } = ldap.attributes;
  const filter = `(&${ldap.userFilter}(|(${login}=${escapeFilter`${value}`})(${email}=${escapeFilter`${value}`})))`;
  return withService(ldap, async (client) => {
    const atMostTwo = (f: string, attributes: string[]) =>
      client.search(ldap.baseDn, { scope: "sub", filter: f, attributes, sizeLimit: 2, timeLimit: Math.ceil(ldap.timeoutMs / 1000) }).then(
        (r) => r.searchEntries,
        (err: unknown) => {
          // More than the two asked for: ambiguous all the same.
          if ((err as { code?: number }).code === 4) return [{ dn: "" }, { dn: "" }] as Entry[];
          throw err;
        },
      );
    const entries = await atMostTwo(filter, attributesWanted(ldap));
    if (entries.length === 0) return { missing: true } as const;
    if (entries.length > 1) return { ambiguous: true } as const;
    const entry = entries[0];
    const person = toPerson(ldap, entry, [], false);
    // The account is matched by e-mail: one that two entries share would let either into it.
    if (person.email && (await atMostTwo(`(&${ldap.userFilter}(${email}=${escapeFilter`${person.email}`}))`, ["1.1"])).length > 1) return { ambiguous: true } as const;
    const groups = ldap.groupSearch ? await searchGroupsOf(client, ldap, entry.dn) : groupsFromAttribute(ldap, entry);
    return { person: { ...person, groups, disabled: await isDisabled(client, ldap, entry.dn) } };
  });
}

/** Whether `password` is the person's: a bind as their DN on a connection of its own. */
export async function checkPassword(ldap: LdapConfig, dn: string, password: string): Promise<boolean> {
  // An empty password would be an unauthenticated bind, which directories accept for anyone (RFC 4513, 5.1.2).
  if (!password) return false;
  const client = await connect(ldap).catch((err: unknown) => {
    throw unavailable(err);
  });
  try {
    await client.bind(dn, password);
    return true;
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return false;
    throw unavailable(err);
  } finally {
    await close(client);
  }
}

/** Everyone LDAP_USER_FILTER matches under LDAP_BASE_DN, page by page, with their groups and whether they are disabled. */
export async function listPeople(ldap: LdapConfig): Promise<DirectoryPerson[]> {
  return withService(ldap, async (client) => {
    const { searchEntries } = await client.search(ldap.baseDn, { scope: "sub", filter: ldap.userFilter, attributes: attributesWanted(ldap), paged: { pageSize: PAGE_SIZE } });
    const disabled = new Set<string>();
    if (ldap.disabledFilter) {
      const off = await client.search(ldap.baseDn, { scope: "sub", filter: `(&${ldap.userFilter}${ldap.disabledFilter})`, attributes: ["1.1"], paged: { pageSize: PAGE_SIZE } });
      for (const e of off.searchEntries) disabled.add(normalDn(e.dn));
    }
    let members: Map<string, DirectoryGroup[]> | undefined;
    if (ldap.groupSearch) {
      // One search for every group, turned around into each member's groups: not one query per person.
      const g = ldap.groupSearch;
      const groups = await client.search(g.baseDn, { scope: "sub", filter: `(${g.memberAttribute}=*)`, attributes: [g.nameAttribute, g.memberAttribute], paged: { pageSize: PAGE_SIZE } });
      members = new Map();
      for (const e of groups.searchEntries) {
        const group = { dn: e.dn, name: first(e[g.nameAttribute]) ?? rdnValue(e.dn) };
        for (const m of all(e[g.memberAttribute])) members.set(normalDn(m), [...(members.get(normalDn(m)) ?? []), group]);
      }
    }
    return searchEntries.map((e) => toPerson(ldap, e, members ? (members.get(normalDn(e.dn)) ?? []) : groupsFromAttribute(ldap, e), disabled.has(normalDn(e.dn))));
  });
}

/**
 * The directory groups of the person with this login or e-mail (null: the directory does not know
 * them). For whatever maps directory groups onto the workspace's own groups.
 */
export async function directoryGroupsOf(ldap: LdapConfig, loginOrEmail: string): Promise<DirectoryGroup[] | null> {
  const found = await findPerson(ldap, loginOrEmail);
  return "person" in found ? found.person.groups : null;
}

/** Whether someone in `groups` is in the group named by a setting: its name or its DN, case aside. */
const inGroup = (groups: DirectoryGroup[], wanted: string) => groups.some((g) => g.name.toLowerCase() === wanted.toLowerCase() || sameDn(g.dn, wanted));

/** What the groups make of someone; a part the configuration does not map is left as it is. */
export function rolesFromGroups(ldap: LdapConfig, groups: DirectoryGroup[]): ExternalIdentity["roles"] {
  const roles: ExternalIdentity["roles"] = {};
  if (ldap.adminGroup) roles.role = inGroup(groups, ldap.adminGroup) ? "admin" : "user";
  if (ldap.managerGroup) roles.team_role = inGroup(groups, ldap.managerGroup) ? "manager" : "member";
  return roles;
}
