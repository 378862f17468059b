import { isBanText, TIMINGS, type ApiErrorBody, type AuthResponse, type ErrorCode } from '@chat/contract';
import { browserTabs, createRefreshSharing } from './refresh-share';
import { mayHoldSession, noteSessionSeen } from './session-hint';

/** An error answer of the API, with the contract's stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
    message: string,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message);
  }
}

// The access token lives only in memory; the refresh token is an httpOnly cookie the browser
// sends to /api/auth/refresh by itself.
let accessToken: string | null = null;
let refreshing: Promise<AuthResponse> | null = null;
/** Told of every session change; `cause` is the error that ended a session when a refresh failed. */
type SessionListener = (session: AuthResponse | null, cause?: unknown) => void;
const sessionListeners = new Set<SessionListener>();

export function getAccessToken(): string | null {
  return accessToken;
}

/** Called by the auth feature after login, register, refresh and logout. */
export function setSession(session: AuthResponse | null, cause?: unknown): void {
  accessToken = session?.token ?? null;
  if (session) noteSessionSeen();
  for (const l of sessionListeners) l(session, cause);
}

/** Subscribe to session changes (a refresh or its failure), e.g. to update the auth context. */
export function onSessionChange(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** An answer that says the server could not answer for now, not that the request was refused. */
function isTransient(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 'network_error' || err.status === 503);
}

/** A banned user's error (an error text containing "ban", or the banned code). */
export function isBanError(err: { code: string; message: string }): boolean {
  return err.code === 'banned' || isBanText(err.message);
}

/**
 * A user whose error text (an error answer's, a stream's error event's)
 * contains "ban" is logged out. The session ends with a `banned` ApiError as its cause: the auth
 * context then shows the banned text on /login.
 */
export function endSessionIfBanned(err: { code: string; message: string }): void {
  if (accessToken && isBanError(err)) setSession(null, new ApiError(403, 'banned', err.message));
}

/** The ApiError of an error answer; a banned user's ends the session (endSessionIfBanned). */
async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await res.json()) as Partial<ApiErrorBody>;
  } catch {
    // not JSON: keep the status only
  }
  const err = new ApiError(res.status, body.code ?? 'internal', body.message ?? res.statusText, body.issues);
  endSessionIfBanned(err);
  return err;
}

const shareRefresh = createRefreshSharing(browserTabs());

/**
 * The refresh's 204: the browser sent no refresh cookie, so nobody is signed in here. The app
 * takes it as the refusal it stands for.
 */
function notSignedIn(): ApiError {
  return new ApiError(401, 'unauthorized', 'Not signed in');
}

async function postRefresh(): Promise<AuthResponse> {
  let res: Response;
  try {
    res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network_error', 'Error connecting to server');
  }
  if (res.status === 204) throw notSignedIn();
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as AuthResponse;
}

/**
 * Refreshes the access token. Concurrent callers share one request; a refresh asked for while
 * one is in flight waits for it (one refresh, the others queue and retry). Tabs
 * share it too (refresh-share.ts): they hold one refresh cookie, which one rotation replaces.
 */
export function refreshSession(): Promise<AuthResponse> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    try {
      const session = await shareRefresh(postRefresh);
      setSession(session);
      return session;
    } catch (err) {
      // A server that cannot answer for now (its database away, a restart, no network) has not
      // ended the session: the person stays signed in and the next 401 refreshes again. Only a
      // refusal ends it (or a first refresh, which has no session to keep).
      if (!accessToken || !isTransient(err)) setSession(null, err);
      throw err;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

let bootRefresh: Promise<AuthResponse> | null = null;

/** What /boot.js got from POST /api/auth/refresh: the status and the body's text. */
interface EarlyAnswer {
  status: number;
  body: string;
}

/**
 * The refresh /boot.js sent before the app's modules loaded (taken once): its answer, or null
 * when it did not refresh (another tab held the refresh lock) and the app must ask itself.
 */
function takeEarlyRefresh(): Promise<EarlyAnswer | null> | null {
  if (typeof window === 'undefined') return null;
  const w = window as { __bootRefresh?: unknown };
  const early = w.__bootRefresh;
  delete w.__bootRefresh;
  return early instanceof Promise ? (early as Promise<EarlyAnswer | null>) : null;
}

/**
 * The session this browser may hold: refreshed when it shows a sign of one (session-hint.ts),
 * otherwise settled as signed out at once, with no request (a visitor's pages ask nothing).
 */
export function resumeSession(): Promise<AuthResponse> {
  if (refreshing || mayHoldSession()) return refreshSession();
  const err = notSignedIn();
  setSession(null, err);
  return Promise.reject(err);
}

/**
 * Starts the first refresh as the app boots (main.tsx), before the language and the first render:
 * the session is on its way while the code still evaluates. When /boot.js already asked (it runs
 * before the modules load), its answer is used rather than asking again. The auth context takes
 * the outcome.
 */
export function startBootRefresh(): void {
  if (!bootRefresh) {
    const early = takeEarlyRefresh();
    bootRefresh = early && !refreshing ? adoptRefresh(early) : resumeSession();
  }
  bootRefresh.catch(() => {});
}

/**
 * Settles the session from /boot.js's answer, as refreshSession does. When it did not refresh
 * (null: another tab held the refresh lock) or its request failed, refreshes through the tabs'
 * sharing, which then takes the other tab's session. Concurrent callers share it meanwhile.
 */
function adoptRefresh(early: Promise<EarlyAnswer | null>): Promise<AuthResponse> {
  const adopted: Promise<AuthResponse> = (async () => {
    const answer = await early.catch(() => null);
    const done = () => {
      if (refreshing === adopted) refreshing = null;
    };
    if (!answer) {
      done();
      return refreshSession();
    }
    try {
      // No body may go with a 204 (the Response constructor refuses one).
      if (answer.status === 204) throw notSignedIn();
      const res = new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
      if (!res.ok) throw await toApiError(res);
      const session = (await res.json()) as AuthResponse;
      setSession(session);
      return session;
    } catch (err) {
      setSession(null, err);
      throw err;
    } finally {
      done();
    }
  })();
  refreshing = adopted;
  return adopted;
}

/** The boot refresh, once (null when none was started or it was taken already). */
export function takeBootRefresh(): Promise<AuthResponse> | null {
  const started = bootRefresh;
  bootRefresh = null;
  return started;
}

export interface ApiInit extends Omit<RequestInit, 'body'> {
  /** A JSON body: serialised, with the content type set. */
  json?: unknown;
  body?: BodyInit | null;
}

function buildInit(init: ApiInit, token: string | null): RequestInit {
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The language the person reads the app in (`<html lang>`): the server writes its mails in it.
  if (!headers.has('Accept-Language') && typeof document !== 'undefined' && document.documentElement.lang) {
    headers.set('Accept-Language', document.documentElement.lang);
  }
  const { json, ...rest } = init;
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  return {
    credentials: 'same-origin',
    ...rest,
    headers,
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  };
}

/**
 * A signed-in request answered 403 account_deleted (the account was deleted, here or in another
 * tab or device): the session ends with that cause, which sends the app down the deleted-account
 * path.
 */
async function endIfAccountDeleted(res: Response, usedToken: string | null): Promise<void> {
  if (res.status !== 403 || !usedToken || accessToken !== usedToken) return;
  const err = await toApiError(res.clone());
  if (err.code === 'account_deleted') setSession(null, err);
}

/** Requests sent and not yet answered (their headers), which a sign-out lets finish first. */
const inFlight = new Set<Promise<unknown>>();
/** Set while a sign-out runs: requests made meanwhile wait for its end instead of going out. */
let signingOut: Promise<void> | null = null;

/**
 * Begin a sign-out: requests made from now on are held, and the ones already sent are given up to
 * `TIMINGS.signOutDrainMs` to be answered, so none reaches the server with a session it has just
 * ended (a periodic list refresh, a query refetched on focus). Call `end` once the local session
 * is over: the held requests then fail here, as signed out, without a round trip; if the sign-out
 * failed and the session is still there, they go out as usual.
 */
export async function beginSignOut(): Promise<{ end: () => void }> {
  let release!: () => void;
  signingOut = new Promise<void>((resolve) => (release = resolve));
  const drained = Promise.allSettled([...inFlight]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    drained,
    new Promise<void>((resolve) => (timer = setTimeout(resolve, TIMINGS.signOutDrainMs))),
  ]);
  clearTimeout(timer);
  return {
    end: () => {
      signingOut = null;
      release();
    },
  };
}

function tracked(request: Promise<Response>): Promise<Response> {
  inFlight.add(request);
  const forget = () => inFlight.delete(request);
  request.then(forget, forget);
  return request;
}

/**
 * fetch with the bearer token. A 401 triggers one shared refresh and one retry; requests that
 * fail with a token that has since been replaced retry at once without another refresh, so a
 * burst of 401s costs exactly one refresh. If the refresh fails the session is cleared (the app
 * then goes to /login).
 */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  if (signingOut && !path.startsWith('/api/auth/')) {
    await signingOut;
    if (!accessToken) throw new ApiError(401, 'unauthorized', 'Not signed in');
  }
  if (refreshing) await refreshing.catch(() => undefined);
  const usedToken = accessToken;
  let res: Response;
  try {
    res = await tracked(fetch(path, buildInit(init, usedToken)));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', 'Error connecting to server');
  }
  await endIfAccountDeleted(res, usedToken);
  if (res.status !== 401 || path.startsWith('/api/auth/')) return res;
  if (refreshing) {
    await refreshing.catch(() => undefined);
  } else if (accessToken === usedToken) {
    try {
      await refreshSession();
    } catch {
      return res;
    }
  }
  if (!accessToken) return res;
  const retryToken = accessToken;
  const retried = await fetch(path, buildInit(init, retryToken));
  await endIfAccountDeleted(retried, retryToken);
  return retried;
}

/** apiFetch that parses JSON and throws ApiError on a non-2xx answer. */
export async function apiJson<T>(path: string, init: ApiInit = {}): Promise<T> {
  const res = await apiFetch(path, init);
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export { toApiError };
