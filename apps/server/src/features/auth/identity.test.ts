import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '@chat/fake-upstreams/mail';
import type {
  StartupConfig,
  ApiErrorBody,
  AuthResponse,
  RegisterPending,
  RequestPasswordResetResponse,
} from '@chat/contract';
import { identityTokens } from '../../db/schema.js';
import { MAIL_TEXTS } from './mail-dictionary.js';
import { refreshCookieOf, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';

const CLIENT = 'http://chat.example.test';
const PASSWORD = 'first password 1';
const NEW_PASSWORD = 'second password 2';
const limits = { loginRateLimit: { max: 500, windowMs: 60_000 } };

const post = (h: Harness, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const login = (h: Harness, email: string, password: string) =>
  post(h, '/api/auth/login', { email, password });
const register = (h: Harness, email: string, name = 'Mail Person') =>
  post(h, '/api/auth/register', { name, email, password: PASSWORD, confirm_password: PASSWORD });
const codeOf = async (res: Response) => ((await res.json()) as ApiErrorBody).code;

/** The one link of a mail, checked to point at the web app's page. */
function linkOf(mail: CaughtMail, page: string): URL {
  expect(mail.links).toHaveLength(1);
  const url = new URL(mail.links[0]!);
  expect(url.origin + url.pathname).toBe(`${CLIENT}${page}`);
  // The HTML part carries the same link (escaped as an attribute value).
  expect(mail.html).toContain(mail.links[0]!.replaceAll('&', '&#38;'));
  return url;
}

/** What the /email-confirmation page does with its link. */
const confirm = (h: Harness, token: string) =>
  post(h, `/api/user/emailConfirmation?token=${encodeURIComponent(token)}`);
/** What the /reset-password page does with its link and the typed password. */
const resetWith = (h: Harness, link: URL, password = NEW_PASSWORD, patch: Record<string, string> = {}) =>
  post(h, '/api/auth/resetPassword', {
    token: link.searchParams.get('token'),
    userId: link.searchParams.get('userId'),
    password,
    confirm_password: password,
    ...patch,
  });

describe('with mail configured (a real SMTP server on 127.0.0.1)', () => {
  let h: Harness;
  let smtp: MailCatcher;
  beforeAll(async () => {
    smtp = await startMailCatcher({ auth: { user: 'mailer', pass: 'smtp-secret' } });
    h = await startTestApp({
      ...limits,
      clientOrigin: CLIENT,
      appTitle: 'Chat <&> Co',
      mail: {
        host: '127.0.0.1',
        port: smtp.port,
        encryption: '',
        allowSelfSigned: false,
        username: 'mailer',
        password: 'smtp-secret',
        from: 'noreply@example.test',
        fromName: 'Chat',
      },
    });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it('registration mails a confirmation link; login waits for it; the link confirms once', async () => {
    const email = 'verify-me@example.com';
    const res = await register(h, email, 'Ada <b>Bold</b>');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    const body = (await res.json()) as RegisterPending;
    expect(body).toMatchObject({ verifyEmail: true, email });
    expect(body).not.toHaveProperty('token');

    const denied = await login(h, email, PASSWORD);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: 'email_not_verified', message: 'Email not verified' });

    const mail = await smtp.next(email);
    expect(mail.from).toBe('noreply@example.test');
    expect(mail.subject).toContain('verify your email');
    expect(mail.text.startsWith('Hello,\n\n')).toBe(true);
    // The name is not in the mail at all; every value is escaped in the HTML part (the app title).
    expect(mail.text).not.toContain('Ada');
    expect(mail.html).not.toContain('Ada');
    expect(mail.html).toContain('Chat &#60;&#38;&#62; Co');
    const link = linkOf(mail, '/email-confirmation');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    // Stored hashed: the token itself is nowhere in the table.
    const rows = await h.database.db
      .select()
      .from(identityTokens)
      .where(eq(identityTokens.userId, body.userId));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);

    expect(await codeOf(await confirm(h, `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`))).toBe(
      'invalid_token',
    );
    const ok = await confirm(h, token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: 'Email verified successfully' });
    const again = await confirm(h, token);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'invalid_token' });

    const signedIn = await login(h, email, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as AuthResponse).user.emailVerified).toBe(true);
  });

  it('writes the mails in the language of the request (the web app sends the one it shows)', async () => {
    const email = 'sprache@example.com';
    await post(
      h,
      '/api/auth/register',
      { name: 'Grete', email, password: PASSWORD, confirm_password: PASSWORD },
      { 'accept-language': 'de-DE' },
    );
    const verify = await smtp.next(email);
    expect(verify.subject).toBe('Chat <&> Co: Bestätigen Sie Ihre E-Mail-Adresse');
    expect(verify.text.startsWith('Hallo,\n\n')).toBe(true);
    expect(verify.text).not.toContain('Grete');
    await confirm(h, linkOf(verify, '/email-confirmation').searchParams.get('token')!);
    await post(h, '/api/auth/requestPasswordReset', { email }, { 'accept-language': 'fr-FR,fr;q=0.9' });
    const reset = await smtp.next(email);
    expect(reset.subject).toBe('Chat <&> Co : réinitialisez votre mot de passe');
    expect(reset.text).toContain('15 minutes');
  });

  it('refuses a name of several lines or with control characters (400 naming the field), and mails nobody', async () => {
    for (const name of [
      'Ada\n\nYour account is locked: http://evil.example',
      'Ada\r\nBob',
      'Ada\u2028Bob',
      'Ada\u202eboB',
    ]) {
      const email = `multi-${name.length}-${name.charCodeAt(4)}@example.com`;
      const res = await register(h, email, name);
      expect(res.status).toBe(400);
      const body = (await res.json()) as ApiErrorBody;
      expect(body.code).toBe('validation_error');
      expect(body.message).toBe('Invalid input: name: Name must be one line, without control characters');
      expect(body.issues).toEqual([
        {
          path: 'name',
          message: 'Name must be one line, without control characters',
          key: 'com_auth_name_one_line',
        },
      ]);
    }
    expect(smtp.mails.filter((m) => m.to.some((to) => to.startsWith('multi-')))).toEqual([]);
  });

  it("mails only the product's own words: a name written to read as ours is nowhere in it", async () => {
    // One line, so the form takes it; sent to an address its writer does not own.
    const name = 'Your account is locked, unlock it at http://evil.example';
    const email = 'someone-else@example.com';
    expect((await register(h, email, name)).status).toBe(200);
    const mail = await smtp.next(email);
    const link = linkOf(mail, '/email-confirmation');
    const d = MAIL_TEXTS['en-US'];
    const fill = (t: string) => t.replace('{app}', 'Chat <&> Co').replace('{hours}', '24');
    expect(mail.text.split('\n\n')).toEqual([
      d.hi,
      fill(d.verifyIntro),
      `${d.verifyAction}: ${link.href}`,
      fill(d.verifyOutro),
    ]);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('locked');
    }
  });

  it('a wrong password to an unverified account is still just a wrong password', async () => {
    const email = 'unverified-wrong@example.com';
    await register(h, email);
    await smtp.next(email);
    const res = await login(h, email, 'not the password');
    expect(res.status).toBe(401);
    expect(await codeOf(res)).toBe('invalid_credentials');
  });

  it('resend mails a new link that replaces the old one; unknown users get the same answer', async () => {
    const email = 'resend@example.com';
    const { userId } = (await (await register(h, email)).json()) as RegisterPending;
    const first = linkOf(await smtp.next(email), '/email-confirmation');

    const res = await post(h, `/api/auth/resendConfirmEmail?userId=${userId}`);
    expect(res.status).toBe(200);
    const answer = await res.json();
    const second = linkOf(await smtp.next(email), '/email-confirmation');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));

    const unknown = await post(h, '/api/auth/resendConfirmEmail?userId=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(answer);

    expect((await confirm(h, first.searchParams.get('token')!)).status).toBe(404);
    expect((await confirm(h, second.searchParams.get('token')!)).status).toBe(200);
    // A verified account gets no further mail. The route answers once a mail it sends has been
    // accepted by the SMTP server, so an answer with no new mail caught means none was sent.
    const before = smtp.mails.length;
    expect((await post(h, `/api/auth/resendConfirmEmail?userId=${userId}`)).status).toBe(200);
    expect(smtp.mails.length).toBe(before);
  });

  it('an expired confirmation link is refused', async () => {
    const email = 'expired-confirm@example.com';
    await register(h, email);
    const link = linkOf(await smtp.next(email), '/email-confirmation');
    await h.database.db.update(identityTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await codeOf(await confirm(h, link.searchParams.get('token')!))).toBe('invalid_token');
  });

  it('after an expired link, a new one is asked for by address (the login page); unknown addresses get the same answer', async () => {
    const email = 'expired-resend@example.com';
    await register(h, email);
    const old = linkOf(await smtp.next(email), '/email-confirmation');
    await h.database.db.update(identityTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await codeOf(await confirm(h, old.searchParams.get('token')!))).toBe('invalid_token');
    expect(await codeOf(await login(h, email, PASSWORD))).toBe('email_not_verified');

    const res = await post(
      h,
      `/api/auth/resendConfirmEmail?email=${encodeURIComponent(email.toUpperCase())}`,
    );
    expect(res.status).toBe(200);
    const answer: unknown = await res.json();
    const fresh = linkOf(await smtp.next(email), '/email-confirmation');
    expect((await confirm(h, fresh.searchParams.get('token')!)).status).toBe(200);
    expect((await login(h, email, PASSWORD)).status).toBe(200);

    const unknown = await post(h, '/api/auth/resendConfirmEmail?email=nobody-here%40example.com');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(answer);
    // Neither an id nor an address: a 400 naming what is needed.
    const neither = await post(h, '/api/auth/resendConfirmEmail');
    expect(neither.status).toBe(400);
  });

  describe('password reset', () => {
    async function verifiedUser(email: string): Promise<{ cookie: string; token: string }> {
      await register(h, email);
      const link = linkOf(await smtp.next(email), '/email-confirmation');
      await confirm(h, link.searchParams.get('token')!);
      const res = await login(h, email, PASSWORD);
      return { cookie: refreshCookieOf(res), token: ((await res.json()) as AuthResponse).token };
    }
    const requestReset = (email: string) => post(h, '/api/auth/requestPasswordReset', { email });

    it('mails a link that sets the new password once and ends every session', async () => {
      const email = 'reset-me@example.com';
      const session = await verifiedUser(email);

      const res = await requestReset(email);
      expect(res.status).toBe(200);
      const answer = (await res.json()) as RequestPasswordResetResponse;
      expect(answer).toEqual({
        message: 'If an account with that email exists, a password reset link has been sent to it.',
      });
      const mail = await smtp.next(email);
      expect(mail.subject).toContain('reset your password');
      expect(mail.text).toContain('15 minutes');
      const link = linkOf(mail, '/reset-password');
      expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);

      // Tampered token, another user id: refused.
      const token = link.searchParams.get('token')!;
      expect(await codeOf(await resetWith(h, link, NEW_PASSWORD, { token: token.replace(/.$/, 'x') }))).toBe(
        'invalid_token',
      );
      const ok = await resetWith(h, link);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ message: 'Password reset was successful' });

      // Used: refused. The sessions from before the reset are over.
      expect(await codeOf(await resetWith(h, link, 'third password 3'))).toBe('invalid_token');
      const refresh = await post(h, '/api/auth/refresh', undefined, { cookie: session.cookie });
      expect(refresh.status).toBe(401);
      const me = await fetch(`${h.url}/api/user`, { headers: { authorization: `Bearer ${session.token}` } });
      expect(me.status).toBe(401);

      expect((await login(h, email, PASSWORD)).status).toBe(401);
      expect((await login(h, email, NEW_PASSWORD)).status).toBe(200);
    });

    it('a link for one user cannot reset another', async () => {
      const a = 'reset-a@example.com';
      const b = 'reset-b@example.com';
      await verifiedUser(a);
      const { userId: bId } = (await (await register(h, b)).json()) as RegisterPending;
      await smtp.next(b);
      await requestReset(a);
      const link = linkOf(await smtp.next(a), '/reset-password');
      expect(await codeOf(await resetWith(h, link, NEW_PASSWORD, { userId: bId }))).toBe('invalid_token');
    });

    it('an expired link is refused', async () => {
      const email = 'reset-late@example.com';
      await verifiedUser(email);
      await requestReset(email);
      const link = linkOf(await smtp.next(email), '/reset-password');
      await h.database.db
        .update(identityTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(identityTokens.kind, 'reset_password'));
      expect(await codeOf(await resetWith(h, link))).toBe('invalid_token');
      expect((await login(h, email, PASSWORD)).status).toBe(200);
    });

    it('answers an unknown address exactly as a known one, and mails nobody', async () => {
      await verifiedUser('known@example.com');
      const known = await requestReset('known@example.com');
      const unknown = await requestReset('nobody-here@example.com');
      expect(unknown.status).toBe(known.status);
      expect(await unknown.text()).toBe(await known.text());
      await smtp.next('known@example.com');
      // A reset mail goes out after the answer. One asked for after both answers arrives after any
      // mail either of them started, so once it is here, a mail to the unknown address would be too.
      await verifiedUser('later@example.com');
      await requestReset('later@example.com');
      await smtp.next('later@example.com');
      expect(smtp.mails.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
    });

    it('validates the hidden fields with the spec texts', async () => {
      const res = await post(h, '/api/auth/resetPassword', {
        token: '',
        userId: '',
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ApiErrorBody;
      expect(body.issues?.map((i) => i.message)).toEqual(
        expect.arrayContaining([
          'Unable to process: No valid reset token',
          'Unable to process: No valid user id',
        ]),
      );
    });
  });
});

describe('with ALLOW_UNVERIFIED_EMAIL_LOGIN', () => {
  let h: Harness;
  let smtp: MailCatcher;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    h = await startTestApp({
      ...limits,
      clientOrigin: CLIENT,
      allowUnverifiedEmailLogin: true,
      mail: { host: '127.0.0.1', port: smtp.port, allowSelfSigned: false, from: 'noreply@example.test' },
    });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  it('registers straight into a session and the account may log in unverified', async () => {
    const res = await register(h, 'relaxed@example.com');
    expect(((await res.json()) as AuthResponse).token).toBeTruthy();
    expect((await login(h, 'relaxed@example.com', PASSWORD)).status).toBe(200);
  });
});

describe('without mail, and without ALLOW_PASSWORD_RESET', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({ ...limits, clientOrigin: CLIENT });
  });
  afterAll(() => h.close());

  it('offers no password reset: the link would go to whoever asks', async () => {
    const user = await registerUser(h.url, 'No Reset', 'noreset@example.com');
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config).toMatchObject({ emailEnabled: false, passwordResetEnabled: false });
    for (const email of [user.email, 'ghost@example.com']) {
      const res = await post(h, '/api/auth/requestPasswordReset', { email });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { message: string; link?: string };
      expect(body.link).toBeUndefined();
      expect(body.message).toMatch(/sends no mail/);
    }
  });
});

describe('without mail, with ALLOW_PASSWORD_RESET', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({ ...limits, clientOrigin: CLIENT, allowPasswordReset: true });
  });
  afterAll(() => h.close());

  it('needs no verification, answers the reset link, and the link resets once', async () => {
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config).toMatchObject({ emailEnabled: false, passwordResetEnabled: true });
    const user = await registerUser(h.url, 'No Mail', 'nomail@example.com');
    const res = await post(h, '/api/auth/requestPasswordReset', { email: user.email });
    const body = (await res.json()) as RequestPasswordResetResponse;
    expect(body.link).toBeDefined();
    const link = new URL(body.link!);
    expect(link.origin + link.pathname).toBe(`${CLIENT}/reset-password`);
    expect(link.searchParams.get('userId')).toBe(user.user.id);

    const unknown = (await (
      await post(h, '/api/auth/requestPasswordReset', { email: 'ghost@example.com' })
    ).json()) as RequestPasswordResetResponse;
    // Same shape and message; its link leads nowhere.
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(body).sort());
    expect(unknown.message).toBe(body.message);
    expect(await codeOf(await resetWith(h, new URL(unknown.link!)))).toBe('invalid_token');

    expect((await resetWith(h, link)).status).toBe(200);
    expect((await resetWith(h, link)).status).toBe(404);
    expect((await login(h, user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await post(h, `/api/auth/refresh`, undefined, { cookie: user.cookie })).status).toBe(401);
  });
});
