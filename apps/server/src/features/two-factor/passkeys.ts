import {
  TWO_FACTOR_LIMITS,
  TWO_FACTOR_TEXTS,
  type Passkey,
  type PasskeyChallengeResponse,
} from '@chat/contract';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppConfig } from '../../config/app-config.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { lazyModule } from '../../platform/lazy.js';
import type { IssuedSession } from '../auth/index.js';
import { presentPasskey } from './presenter.js';
import type { TwoFactorRepo } from './repo.js';

/** Loaded with the first passkey ceremony: a server nobody registers a passkey on never loads it. */
const webauthn = lazyModule('@simplewebauthn/server', () => import('@simplewebauthn/server'));

const TRANSPORTS: readonly AuthenticatorTransportFuture[] = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
];
const knownTransports = (list: readonly string[] | undefined): AuthenticatorTransportFuture[] =>
  (list ?? []).filter((t): t is AuthenticatorTransportFuture =>
    (TRANSPORTS as readonly string[]).includes(t),
  );

/** What a ceremony's answer came in as: any JSON object, read field by field by the library. */
type WebAuthnAnswer = Record<string, unknown>;

/**
 * The relying party of DOMAIN_CLIENT: its host and origin. Browsers refuse an IP address as a
 * relying party, so a DOMAIN_CLIENT on the loopback address (a local install) is taken as
 * `localhost` on the same port, the loopback name they accept: passkeys work there when the app
 * is opened at http://localhost:<port>.
 */
function relyingParty(clientOrigin: string): { origin: string; rpID: string } {
  const url = new URL(clientOrigin);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { origin: url.origin, rpID: url.hostname };
}

interface PasskeyDeps {
  repo: TwoFactorRepo;
  config: Pick<AppConfig, 'appTitle' | 'clientOrigin'>;
  clock: () => number;
  finishSignIn: (user: UserRow) => Promise<IssuedSession>;
  /** Counts a sign-in attempt from an address (the two-factor limits). */
  attemptFrom: (ip: string) => Promise<void>;
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): the relying party is DOMAIN_CLIENT (its host the
 * rpID, its origin the only one accepted). Both ceremonies ask the authenticator to verify the
 * person (a PIN, a fingerprint), so a passkey is two factors in itself and its sign-in takes no
 * code step. Challenges live in the database for a few minutes and are spent by their answer.
 */
export function createPasskeys(deps: PasskeyDeps) {
  const { repo, clock } = deps;
  const { origin, rpID } = relyingParty(deps.config.clientOrigin ?? 'http://localhost');
  const expiresAt = () => new Date(clock() + TWO_FACTOR_LIMITS.challengeSeconds * 1000);
  const refused = () => new AppError('validation_error', TWO_FACTOR_TEXTS.passkeyFailed);

  async function challenge(kind: 'register' | 'login', id: string, userId: string | null): Promise<string> {
    const challenge = await repo.spendChallenge(id, kind, userId, new Date(clock()));
    if (!challenge) throw new AppError('validation_error', TWO_FACTOR_TEXTS.passkeyChallengeExpired);
    return challenge;
  }

  return {
    async list(userId: string): Promise<Passkey[]> {
      return (await repo.listPasskeys(userId)).map(presentPasskey);
    },

    async registerOptions(user: UserRow): Promise<PasskeyChallengeResponse> {
      const own = await repo.listPasskeys(user.id);
      if (own.length >= TWO_FACTOR_LIMITS.passkeysPerUser) {
        throw new AppError('validation_error', TWO_FACTOR_TEXTS.passkeyLimit);
      }
      const lib = await webauthn.load();
      const options = await lib.generateRegistrationOptions({
        rpName: deps.config.appTitle,
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: own.map((p) => ({
          id: p.credentialId,
          transports: knownTransports(p.transports),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: TWO_FACTOR_LIMITS.challengeSeconds * 1000,
      });
      const challengeId = await repo.insertChallenge({
        userId: user.id,
        kind: 'register',
        challenge: options.challenge,
        expiresAt: expiresAt(),
      });
      return { challengeId, options: { ...options } };
    },

    async register(
      user: UserRow,
      body: { challengeId: string; response: WebAuthnAnswer; name?: string | undefined },
    ): Promise<Passkey> {
      const expectedChallenge = await challenge('register', body.challengeId, user.id);
      const lib = await webauthn.load();
      const verification = await lib
        .verifyRegistrationResponse({
          // The library checks every field it reads; a malformed answer throws, refused below.
          response: body.response as unknown as RegistrationResponseJSON,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        })
        .catch(() => null);
      if (!verification?.verified) throw refused();
      const { credential, credentialBackedUp } = verification.registrationInfo;
      if ((await repo.countPasskeys(user.id)) >= TWO_FACTOR_LIMITS.passkeysPerUser) {
        throw new AppError('validation_error', TWO_FACTOR_TEXTS.passkeyLimit);
      }
      const row = await repo.insertPasskey({
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: knownTransports(credential.transports),
        name: body.name?.trim() || 'Passkey',
        backedUp: credentialBackedUp,
      });
      if (!row) throw new AppError('conflict', TWO_FACTOR_TEXTS.passkeyFailed);
      return presentPasskey(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deletePasskey(userId, id))) {
        throw new AppError('not_found', TWO_FACTOR_TEXTS.passkeyNotFound);
      }
    },

    /** Sign-in's options: no account named (a discoverable credential names it). */
    async loginOptions(): Promise<PasskeyChallengeResponse> {
      const lib = await webauthn.load();
      const options = await lib.generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: TWO_FACTOR_LIMITS.challengeSeconds * 1000,
      });
      const challengeId = await repo.insertChallenge({
        userId: null,
        kind: 'login',
        challenge: options.challenge,
        expiresAt: expiresAt(),
      });
      return { challengeId, options: { ...options } };
    },

    async login(body: { challengeId: string; response: WebAuthnAnswer }, ip: string): Promise<IssuedSession> {
      await deps.attemptFrom(ip);
      const expectedChallenge = await challenge('login', body.challengeId, null);
      const credentialId = typeof body.response['id'] === 'string' ? body.response['id'] : '';
      const passkey = credentialId ? await repo.findPasskeyByCredential(credentialId) : undefined;
      if (!passkey) throw refused();
      const lib = await webauthn.load();
      const verification = await lib
        .verifyAuthenticationResponse({
          response: body.response as unknown as AuthenticationResponseJSON,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: knownTransports(passkey.transports),
          },
        })
        .catch(() => null);
      if (!verification?.verified) throw refused();
      await repo.passkeyUsed(passkey.id, verification.authenticationInfo.newCounter, new Date(clock()));
      const user = await repo.findUser(passkey.userId);
      if (!user) throw refused();
      return deps.finishSignIn(user);
    },
  };
}
export type Passkeys = ReturnType<typeof createPasskeys>;
