// How someone may sign in (GET /api/auth/methods) and why a single sign-on came back refused:
// the server sends the person to /Login?error=<code>, and Login shows the code's text
// (docs/authentication.md).

export interface SignInMethods {
  /** False when PASSWORD_LOGIN=off: the form is only for the break-glass admin, shown on request. */
  password: boolean;
  /** The OpenID Connect provider's display name ("Sign in with <name>"), or null without one. */
  oidc: { name: string } | null;
  /** Present (true) when an LDAP directory checks passwords: the form stays, and takes a sign-in name as well as an e-mail. */
  ldap?: true;
}

/** The sign-in settings in force, as Admin → Security shows them (set by the environment; never the client secret). */
export interface SignInSettings {
  password: "on" | "off";
  break_glass_admin: string | null;
  oidc: {
    name: string;
    issuer: string;
    client_id: string;
    create_accounts: boolean;
    email_verified_claim: string;
    groups_claim: string;
    admin_group: string | null;
    team_role_groups: { team_role: "admin" | "manager"; group: string }[];
  } | null;
  /** Present when an LDAP directory checks passwords (never the service account's password). */
  ldap?: {
    url: string;
    start_tls: boolean;
    base_dn: string;
    bind_dn: string | null;
    user_filter: string;
    login_attribute: string;
    /** "memberOf" (an attribute of the person) or the DN groups are searched under. */
    groups_from: string;
    admin_group: string | null;
    manager_group: string | null;
    create_accounts: boolean;
    /** 0: no scheduled sync. */
    sync_interval_seconds: number;
  };
}

export const SSO_ERRORS = {
  state: "That sign-in could not be completed: it expired or was started in another browser. Please try again.",
  code: "That sign-in response was already used or is no longer valid. Please sign in again.",
  email_unverified: "Your identity provider has not verified your e-mail address, so it cannot be matched to an account. Verify it there, then try again.",
  no_email: "Your identity provider did not share your e-mail address, so you cannot be signed in. Ask your administrator to include the email scope.",
  deactivated: "This account has been deactivated. Ask an administrator to reactivate it.",
  no_account: "There is no account for your e-mail address here yet. Ask an administrator to invite you.",
  unreachable: "The identity provider could not be reached. Please try again in a moment.",
  denied: "Sign-in was cancelled or refused at the identity provider.",
  not_configured: "Single sign-on is not set up on this server.",
  failed: "Single sign-on failed. Please try again, or ask your administrator.",
} as const;

export type SsoError = keyof typeof SSO_ERRORS;

export function isSsoError(code: string | null | undefined): code is SsoError {
  return !!code && Object.hasOwn(SSO_ERRORS, code);
}

/** Said to anyone but the break-glass admin when PASSWORD_LOGIN=off. */
export const PASSWORD_LOGIN_OFF = "Password sign-in is turned off on this server. Use single sign-on instead.";

/** Why a sign-in through the LDAP directory was refused (POST /auth/login answers the text; docs/authentication.md). */
export const LDAP_ERRORS = {
  unreachable: "The directory could not be reached to check your password. Please try again in a moment.",
  no_email: "Your directory entry has no e-mail address, so it cannot be matched to an account. Ask your administrator to add one.",
  no_account: SSO_ERRORS.no_account,
  disabled: "Your directory account is disabled. Ask your administrator.",
  ambiguous: "Several directory entries answer to that name or share its e-mail address, so it cannot be matched to one account. Ask your administrator.",
} as const;
