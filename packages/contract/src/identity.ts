// Email verification and password reset: lifetimes and timings, zod-free; the route rows and their
// schemas are in identity-schemas.ts.

/** Lifetimes of the one-use links mailed (or shown) to a person. */
export const IDENTITY_TTL = {
  resetPasswordMinutes: 15,
  verifyEmailHours: 24,
} as const;

/** The forgot-password failure banner shows for 5 s. */
export const FORGOT_PASSWORD_ERROR_MS = 5_000;
