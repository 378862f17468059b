/** The mail catcher is its own entry (`@chat/fake-upstreams/mail`): the app bundles this package for its demo endpoint, and must not pull in an SMTP server. */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as received over SMTP and parsed. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
}

export interface MailCatcher {
  /** The SMTP port on `host`. */
  port: number;
  host: string;
  mails: CaughtMail[];
  /** The next mail to this address (already received, or waits up to `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  host?: string;
  port?: number;
  /** Require AUTH with these credentials (as a real relay would); open otherwise. */
  auth?: { user: string; pass: string };
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: for tests of the mails the app
 * sends (verification, password reset). Plain SMTP, no TLS.
 */
export async function startMailCatcher(opts: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass) {
        cb(null, { user: auth.username });
      } else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      simpleParser(stream).then(
        (parsed) => {
          const text = parsed.text ?? '';
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: text.match(LINK) ?? [],
          });
          for (const wake of waiters.splice(0)) wake();
          cb();
        },
        (err: Error) => cb(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  function take(to: string): CaughtMail | undefined {
    const found = mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
    if (found) taken.add(found);
    return found;
  }

  return {
    port,
    host,
    mails,
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = take(to);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The catcher's mails over HTTP, for e2e specs in another process: GET /__control/mails?to=
 * answers the mails to that address, oldest first.
 */
export async function serveMailControl(
  catcher: MailCatcher,
  port: number,
  host = '127.0.0.1',
): Promise<HttpServer> {
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/__control/mails') {
      res.writeHead(404).end();
      return;
    }
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    const list = catcher.mails.filter((m) => !to || m.to.includes(to));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve) => server.listen(port, host, () => resolve()));
  return server;
}
