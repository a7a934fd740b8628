import { z } from "zod";
import { boolish, plainString } from "./fields";
import { defineEntity, rowBase } from "./define";

export const USER_STATUSES = ["online", "away", "busy"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const ROLES = ["user", "admin"] as const;
export const TEAM_ROLES = ["member", "manager", "admin"] as const;
export const NOTIFICATION_PREFERENCES = ["all", "mentions", "none"] as const;

const text = (max: number) => plainString().trim().max(max);
/** A wall-clock time of day, "HH:MM" on the 24-hour clock. */
const clockTime = (field: string) => plainString().trim().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, `${field} must be a time of day such as 22:00`);

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** What a user may change of their own profile. */
export const userProfileInput = {
  full_name: text(200).min(1, "full_name cannot be empty"),
  job_title: text(200).nullable(),
  department: text(200).nullable(),
  phone_number: text(50).nullable(),
  status_message: text(500).nullable(),
  /** When the status message clears itself (docs/integrations.md, "Slash commands": `/status`); null: never. */
  status_expires_at: z.string({ error: "must be an ISO date and time" }).datetime({ offset: true, error: "must be an ISO date and time" }).nullable(),
  profile_photo: text(2000).nullable(),
  user_status: z.enum(USER_STATUSES),
  show_online_status: boolish,
  notification_preferences: z.enum(NOTIFICATION_PREFERENCES),
  /** Show my reads as "Seen by" and see others' (docs/messages.md, "Mentions and read receipts"). */
  enable_read_receipts: boolish,
  /** IANA zone the calendar shows and reads times in; null: the browser's. */
  time_zone: text(64)
    .refine(isTimeZone, "time_zone must be an IANA time zone such as Europe/Berlin")
    .nullable(),
  /** Quiet hours (docs/notifications.md): nothing is pushed between start and end, in time_zone. */
  quiet_hours_enabled: boolish,
  quiet_hours_start: clockTime("quiet_hours_start"),
  quiet_hours_end: clockTime("quiet_hours_end"),
};
/** What only an admin may set. */
export const userAdminInput = {
  role: z.enum(ROLES),
  team_role: z.enum(TEAM_ROLES),
};

export const userUpdateInput = z.object({ ...userProfileInput, ...userAdminInput }).partial().strict();

/** An admin deactivating (false) or reactivating (true) an account: PATCH /entities/users/:id. */
export const userActiveInput = z.object({ is_active: boolish });

export const userCreateInput = z
  .object({
    email: plainString().trim().toLowerCase().email("email must be a valid e-mail address").max(320),
    password: plainString().min(8, "password must be at least 8 characters").max(200),
    ...userProfileInput,
    ...userAdminInput,
  })
  .partial({
    full_name: true,
    job_title: true,
    department: true,
    phone_number: true,
    status_message: true,
    status_expires_at: true,
    profile_photo: true,
    user_status: true,
    show_online_status: true,
    notification_preferences: true,
    enable_read_receipts: true,
    time_zone: true,
    quiet_hours_enabled: true,
    quiet_hours_start: true,
    quiet_hours_end: true,
    role: true,
    team_role: true,
  })
  .strict();

export const users = defineEntity({
  table: "users",
  input: { email: userCreateInput.shape.email, password: userCreateInput.shape.password, ...userProfileInput, ...userAdminInput },
  required: ["email", "password"],
  nullable: ["job_title", "department", "phone_number", "status_message", "status_expires_at", "profile_photo", "time_zone"],
  serverSet: [],
  createOnly: ["email"],
  row: z.object({
    ...rowBase,
    email: z.string(),
    full_name: z.string(),
    job_title: z.string().nullable(),
    department: z.string().nullable(),
    phone_number: z.string().nullable(),
    status_message: z.string().nullable(),
    /** When status_message clears itself; readers never see an expired one (server/features/users/view.ts). */
    status_expires_at: z.string().nullable(),
    profile_photo: z.string().nullable(),
    role: z.enum(ROLES),
    team_role: z.enum(TEAM_ROLES),
    user_status: z.enum(USER_STATUSES),
    show_online_status: z.boolean(),
    /** Whether the person shares and sees read receipts (docs/messages.md, "Mentions and read receipts"). */
    enable_read_receipts: z.boolean(),
    /** Only for the user themselves and admins. */
    notification_preferences: z.enum(NOTIFICATION_PREFERENCES).optional(),
    /** False once an admin deactivated the account: it cannot sign in, but its name still resolves. */
    is_active: z.boolean(),
    /** Public like a job title: others may see someone's local time. */
    time_zone: z.string().nullable(),
    /** Quiet hours, only for the user themselves and admins (docs/notifications.md). */
    quiet_hours_enabled: z.boolean().optional(),
    quiet_hours_start: z.string().optional(),
    quiet_hours_end: z.string().optional(),
  }),
  instants: ["status_expires_at"],
  internal: z.object({
    password_hash: z.string().nullable(),
    last_seen_at: z.date().nullable(),
    deactivated_at: z.date().nullable(),
    calendar_feed_token: z.string().nullable(),
    /** Two-step sign-in (docs/authentication.md, "Two-step sign-in"): the secret (null: off), the last accepted step, hashed recovery codes. */
    totp_secret: z.string().nullable(),
    totp_last_step: z.number().nullable(),
    totp_recovery_hashes: z.array(z.string()).nullable(),
    /** LDAP (docs/authentication.md, "LDAP / Active Directory"): the person's directory entry (null: local), and when the sync deactivated them for leaving it. */
    directory_dn: z.string().nullable(),
    directory_gone_at: z.date().nullable(),
  }),
  // user_status and notification_preferences are left out: a filter on them would reveal a
  // hidden status or a private preference through which rows come back.
  filters: {
    id: "int",
    email: "email",
    full_name: "text",
    job_title: "text",
    department: "text",
    phone_number: "text",
    status_message: "text",
    profile_photo: "text",
    role: "text",
    team_role: "text",
    show_online_status: "bool",
    is_active: "bool",
  },
});

/** The user as others see them: never the password hash. */
export type PublicUser = z.infer<typeof users.row>;

/** What the server answers about deactivated accounts and taken e-mails (kept with the entity so the client can match them). */
export const USER_MESSAGES = {
  accountDeactivated: "This account has been deactivated",
  emailTaken: "A user with this email already exists",
  emailTakenByDeactivated: "This email belongs to a deactivated account; an admin can reactivate it",
  cannotDeactivateSelf: "You cannot deactivate your own account",
} as const;
