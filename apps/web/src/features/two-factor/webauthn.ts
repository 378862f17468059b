/** Whether this browser has WebAuthn (a passkey can be made and used here). */
export function supportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The person closed the browser's passkey prompt (or it timed out): nothing to report. */
export function cancelledByPerson(err: unknown): boolean {
  const name = err instanceof Error ? err.name : '';
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.name : '';
  return name === 'NotAllowedError' || name === 'AbortError' || cause === 'NotAllowedError';
}
