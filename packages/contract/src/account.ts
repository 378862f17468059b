/**
 * The account's own settings and its end: limits, zod-free. The route rows and their schemas are
 * in account-schemas.ts.
 */
export const ACCOUNT_LIMITS = {
  /** The optional reason typed in step 2 of the delete-account wizard. */
  deleteReasonMaxChars: 1000,
} as const;
