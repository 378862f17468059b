import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OAuth 2 provider (GitHub, Google, Discord, Facebook all speak this much of it): an
 * authorize endpoint that approves at once (redirects back with a code), a token endpoint that
 * checks the client, the redirect URI, the PKCE verifier (S256) and spends the code, and the
 * provider's profile API answering `api[pathname]` to a valid access token.
 */
export interface FakeOAuth2Options {
  clientId: string;
  clientSecret: string;
  /** Paths as the real provider has them, e.g. `/login/oauth/authorize`. */
  authorizePath: string;
  tokenPath: string;
  /** JSON answered per pathname (query ignored) to a bearer access token; changeable with `setApi`. */
  api: Record<string, unknown>;
}

export interface FakeOAuth2Server {
  origin: string;
  setApi(api: Record<string, unknown>): void;
  /** Token requests answered, and refused (a replayed code, a wrong verifier…). */
  tokenRequests: { ok: number; refused: number };
  close(): Promise<void>;
}

interface IssuedCode {
  challenge: string;
  redirectUri: string;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

export async function startFakeOAuth2(opts: FakeOAuth2Options): Promise<FakeOAuth2Server> {
  let api = opts.api;
  const codes = new Map<string, IssuedCode>();
  const tokens = new Set<string>();
  const tokenRequests = { ok: 0, refused: 0 };

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    return new URLSearchParams(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === opts.authorizePath) {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      const challenge = q.get('code_challenge');
      if (
        q.get('client_id') !== opts.clientId ||
        !redirectUri ||
        !challenge ||
        q.get('code_challenge_method') !== 'S256'
      ) {
        json(res, 400, { error: 'invalid_request' });
        return;
      }
      const code = b64url(randomBytes(16));
      codes.set(code, { challenge, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === opts.tokenPath) {
      const form = await readForm(req);
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      const ok =
        issued &&
        form.get('grant_type') === 'authorization_code' &&
        form.get('client_id') === opts.clientId &&
        form.get('client_secret') === opts.clientSecret &&
        form.get('redirect_uri') === issued.redirectUri &&
        b64url(createHash('sha256').update(verifier).digest()) === issued.challenge;
      if (!ok) {
        tokenRequests.refused += 1;
        json(res, 400, { error: 'invalid_grant' });
        return;
      }
      tokenRequests.ok += 1;
      const accessToken = b64url(randomBytes(16));
      tokens.add(accessToken);
      json(res, 200, { access_token: accessToken, token_type: 'bearer' });
      return;
    }
    const auth = req.headers.authorization ?? '';
    if (req.method === 'GET' && Object.hasOwn(api, url.pathname)) {
      if (!tokens.has(auth.replace(/^Bearer /i, ''))) json(res, 401, { message: 'Bad credentials' });
      else json(res, 200, api[url.pathname]);
      return;
    }
    json(res, 404, { message: 'Not Found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setApi(next) {
      api = next;
    },
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
