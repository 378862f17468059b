import type { StreamError } from './machine';

/**
 * The code and server text of a reply that failed while this page watched it. A saved error
 * message carries only its text; live failures also know their code, kept here by message id.
 */
const details = new Map<string, StreamError>();

export function setErrorDetail(messageId: string, error: StreamError): void {
  details.set(messageId, error);
}

export function getErrorDetail(messageId: string): StreamError | undefined {
  return details.get(messageId);
}

/**
 * Questions the server refused before saving anything (a gate's refusal: quota, balance,
 * subscription, free tier): they exist only in this page's cache, so trying again sends them anew
 * rather than asking the server to regenerate a message it never kept.
 */
const unsaved = new Set<string>();

export function markUnsavedRequest(messageId: string): void {
  unsaved.add(messageId);
}

export function isUnsavedRequest(messageId: string): boolean {
  return unsaved.has(messageId);
}

/** Codes made by the client itself (not in the contract's ErrorCode). */
export const CLIENT_ERROR = {
  network: 'network_error',
  cancel: 'cancel_failed',
} as const;
