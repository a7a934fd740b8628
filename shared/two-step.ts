// Two-step sign-in with an authenticator app (TOTP) and recovery codes: the
// answers and the words the server says (docs/authentication.md, "Two-step sign-in"). Free of zod:
// Login reads it (the server's zod inputs are in server/auth/totp.ts).
/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

/** What a password sign-in answers instead of a session when a second step is due. */
export interface SecondFactorNeeded {
  /** totp: enter a code; enrol: this server requires two-step sign-in and the person has none yet. */
  second_factor: "totp" | "enrol";
  /** Signed, valid five minutes: sent back with the code (or with the enrolment). */
  challenge: string;
}

/** GET /api/auth/totp. */
export interface TotpStatus {
  enabled: boolean;
  /** Unused recovery codes left. */
  recovery_codes_left: number;
  /** REQUIRE_TOTP applies to this person: it cannot be turned off. */
  required: boolean;
}

/** POST /api/auth/totp/setup: the secret as text and as a QR code, and the enrolment to confirm. */
export interface TotpSetup {
  secret: string;
  uri: string;
  /** The otpauth:// URI as an SVG image. */
  qr_svg: string;
  enrolment: string;
}

export const TOTP_MESSAGES = {
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  expired: "This sign-in has expired. Please sign in again.",
  alreadyOn: "Two-step sign-in is already on",
  notOn: "Two-step sign-in is not on",
  required: "Two-step sign-in is required on this server and cannot be turned off",
  wrongPasswordOrCode: "That password or code is not right",
  tooMany: "Too many attempts. Please try again later.",
} as const;
