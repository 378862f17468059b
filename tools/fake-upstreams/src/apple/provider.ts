import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, importSPKI, jwtVerify, type JWK } from 'jose';

/**
 * A fake of Sign in with Apple over real HTTP, at Apple's paths: /auth/authorize answers the page
 * that posts the code back to the redirect URI (`response_mode=form_post`), /auth/token checks the
 * client secret (an ES256 JWT signed with the developer's key: kid, issuer = team, subject =
 * client, audience = Apple) and spends the code, and /auth/keys publishes the RS256 key the
 * id_token is signed with. The id_token names Apple's real issuer, as Apple's does.
 */
export const APPLE_ISSUER = 'https://appleid.apple.com';

export interface FakeAppleAccount {
  sub: string;
  email: string;
  /** Apple writes it as the text "true" (or "false"). */
  emailVerified: boolean;
  /** Sent in the `user` field at the person's first sign-in only, as Apple does. */
  name?: { firstName: string; lastName: string };
}

export interface FakeAppleOptions {
  clientId: string;
  teamId: string;
  keyId: string;
  /** The public half (SPKI PEM) of the developer's key the client secret must be signed with. */
  clientKey: string;
}

/** Ways the fake can answer wrongly, for the checks the client must make. */
export type AppleMisbehaviour = 'none' | 'foreign-key' | 'wrong-audience' | 'wrong-issuer' | 'wrong-nonce';

export interface FakeAppleServer {
  origin: string;
  setAccount(account: FakeAppleAccount): void;
  misbehave(how: AppleMisbehaviour): void;
  tokenRequests: { ok: number; refused: number };
  close(): Promise<void>;
}

interface IssuedCode {
  redirectUri: string;
  nonce: string;
  account: FakeAppleAccount;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The form of the page /auth/authorize answers: where it posts, and its fields. */
export function readFormPost(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error('no form in the page');
  const unescape = (t: string) =>
    t
      .replace(/&quot;/g, '"')
      .replace(/&gt;/g, '>')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)) {
    fields[unescape(m[1]!)] = unescape(m[2]!);
  }
  return { action: unescape(action), fields };
}

export async function startFakeApple(opts: FakeAppleOptions): Promise<FakeAppleServer> {
  const signing = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const kid = randomBytes(6).toString('hex');
  const jwk: JWK = { ...(await exportJWK(signing.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const clientKey = await importSPKI(opts.clientKey, 'ES256');
  const codes = new Map<string, IssuedCode>();
  const seen = new Set<string>();
  const tokenRequests = { ok: 0, refused: 0 };
  let account: FakeAppleAccount | undefined;
  let misbehaviour: AppleMisbehaviour = 'none';

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    return new URLSearchParams(body);
  }

  function authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    const nonce = q.get('nonce');
    if (
      q.get('client_id') !== opts.clientId ||
      q.get('response_type') !== 'code' ||
      q.get('response_mode') !== 'form_post' ||
      !redirectUri ||
      !nonce ||
      !q.get('state') ||
      !account
    ) {
      json(res, 400, { error: 'invalid_request' });
      return;
    }
    const code = randomBytes(16).toString('base64url');
    codes.set(code, { redirectUri, nonce, account });
    const fields: Record<string, string> = { state: q.get('state')!, code };
    if (!seen.has(account.sub) && account.name) {
      fields.user = JSON.stringify({ name: account.name, email: account.email });
    }
    seen.add(account.sub);
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><body onload="document.forms[0].submit()"><form method="POST" action="${escapeHtml(redirectUri)}">${inputs}</form></body>`,
      );
  }

  async function clientSecretValid(secret: string): Promise<boolean> {
    try {
      const { protectedHeader } = await jwtVerify(secret, clientKey, {
        algorithms: ['ES256'],
        issuer: opts.teamId,
        subject: opts.clientId,
        audience: APPLE_ISSUER,
      });
      return protectedHeader.kid === opts.keyId;
    } catch {
      return false;
    }
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code);
    const ok =
      issued &&
      form.get('grant_type') === 'authorization_code' &&
      form.get('client_id') === opts.clientId &&
      form.get('redirect_uri') === issued.redirectUri &&
      (await clientSecretValid(form.get('client_secret') ?? ''));
    if (!ok || !issued) {
      tokenRequests.refused += 1;
      json(res, 400, { error: 'invalid_grant' });
      return;
    }
    tokenRequests.ok += 1;
    const { account: who } = issued;
    const idToken = await new SignJWT({
      email: who.email,
      email_verified: String(who.emailVerified),
      nonce: misbehaviour === 'wrong-nonce' ? 'another-nonce' : issued.nonce,
      nonce_supported: true,
    })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(misbehaviour === 'wrong-issuer' ? 'https://appleid.example.test' : APPLE_ISSUER)
      .setAudience(misbehaviour === 'wrong-audience' ? 'com.someone.else' : opts.clientId)
      .setSubject(who.sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(misbehaviour === 'foreign-key' ? foreign.privateKey : signing.privateKey);
    json(res, 200, {
      access_token: randomBytes(16).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: randomBytes(16).toString('base64url'),
      id_token: idToken,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/auth/authorize') return authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/auth/token') return token(req, res);
    if (req.method === 'GET' && url.pathname === '/auth/keys') json(res, 200, { keys: [jwk] });
    else json(res, 404, { error: 'not_found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setAccount(next) {
      account = next;
    },
    misbehave(how) {
      misbehaviour = how;
    },
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
