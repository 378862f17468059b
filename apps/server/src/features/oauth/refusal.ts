import type { OAuthErrorCode } from '@chat/contract';

/** A sign-in that ends on /login?error=<code> instead of a session. */
export class OAuthRefusal extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
  ) {
    super(message);
  }
}
