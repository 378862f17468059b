import { expect } from 'vitest';
import { NO_PARENT, type Message } from '@chat/contract';
import { refreshCookieOf, registerUser } from '../support/harness.js';
import { backdateRotations } from '../support/sessions.js';
import { expectError, type Attack } from './attack-kit.js';
import { forgedAuthorizations } from './forged-tokens.js';

/** Attacks on who may do what: IDOR on streams, stops and data; forged tokens; stolen refresh tokens. */
export const ACCESS_ATTACKS: Attack[] = [
  {
    name: "IDOR on the stream endpoint: B cannot join A's running reply (CVE class)",
    async run({ f, as }) {
      const stream = '/api/ask/stream/:conversationId';
      const params = { conversationId: f.runningConvoId };
      expect((await as(f.b.token)('GET', stream, { params })).status).toBe(404);
      const withId = await as(f.b.token)('GET', stream, { params, headers: { 'last-event-id': '0' } });
      expect(withId.status).toBe(404);
      expect((await as(f.b.token)('GET', stream, { params, query: { lastEventId: '0' } })).status).toBe(404);
      expect((await as(f.a.token)('GET', stream, { params })).status).toBe(200);
    },
  },
  {
    name: "IDOR on abort: B cannot stop A's running reply",
    async run({ f, as }) {
      for (const route of ['ask', 'edit']) {
        const res = await as(f.b.token)('POST', `/api/${route}/openAI/abort`, {
          body: { abortKey: f.runningConvoId },
        });
        expect(res.status).toBe(404);
      }
      expect((await as(f.a.token)('GET', `/api/ask/stream/${f.runningConvoId}`)).status).toBe(200);
    },
  },
  {
    name: "IDOR on shared data: B cannot read, rename, delete, edit or continue A's conversation",
    async run({ f, as }) {
      const b = as(f.b.token);
      const id = f.convoId;
      expect((await b('GET', `/api/convos/${id}`)).status).toBe(404);
      expect((await b('GET', `/api/messages/${id}`)).status).toBe(404);
      expect(
        (await b('POST', '/api/convos/update', { body: { arg: { conversationId: id, title: 'x' } } })).status,
      ).toBe(404);
      expect((await b('POST', '/api/convos/clear', { body: { arg: { conversationId: id } } })).status).toBe(
        404,
      );
      expect((await b('PUT', `/api/messages/${id}/${f.userMessageId}`, { body: { text: 'x' } })).status).toBe(
        404,
      );
      const ask = {
        text: 'hi',
        conversationId: id,
        parentMessageId: f.replyMessageId,
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
      };
      expect((await b('POST', '/api/ask/openAI', { body: ask })).status).toBe(404);
      const mine = await as(f.a.token)('GET', `/api/messages/${id}`);
      expect((mine.json as Message[]).map((m) => m.text)).toEqual(f.texts);
    },
  },
  {
    name: 'JWT with alg none, a wrong key, expired, or a tampered payload is refused',
    async run({ f, raw }) {
      // Also asserted on every guarded route by the authorization matrix.
      const variants = await forgedAuthorizations({ token: f.a.token, userId: f.a.id });
      for (const [name, authorization] of Object.entries(variants)) {
        const res = await raw('GET', '/api/user', authorization ? { authorization } : {});
        expectError(res, [401], name);
      }
    },
  },
  {
    name: "A deleted account's token is 403 account_deleted everywhere, the ask route with a valid body included",
    async run({ f, as }) {
      const ask = {
        text: 'hi',
        conversationId: null,
        parentMessageId: NO_PARENT,
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
      };
      for (const who of ['deleted account', 'account marked deleted'] as const) {
        const token = f.ended[who]!.slice('Bearer '.length);
        // Refused before any route runs, with the code that sends the client down the
        // deleted-account path.
        expect((await as(token)('POST', '/api/ask/openAI', { body: ask })).status, who).toBe(403);
        expect((await as(token)('GET', '/api/convos')).status, who).toBe(403);
        const me = await as(token)('GET', '/api/user');
        expect(me.status, who).toBe(403);
        expect(me.text, who).toContain('"code":"account_deleted"');
      }
    },
  },
  {
    name: 'Logout ends the access token at once, and so does a revoked family',
    async run({ h, as }) {
      const u = await registerUser(h.url);
      expect((await as(u.token)('GET', '/api/convos')).status).toBe(200);
      await fetch(`${h.url}/api/auth/logout`, { method: 'POST', headers: { cookie: u.cookie } });
      expect((await as(u.token)('GET', '/api/convos')).status).toBe(401);
      expect((await as(u.token)('GET', '/api/models')).status).toBe(401);
    },
  },
  {
    name: 'Refresh-token reuse revokes the whole token family',
    async run({ h }) {
      const u = await registerUser(h.url);
      const refresh = (cookie: string) =>
        fetch(`${h.url}/api/auth/refresh`, { method: 'POST', headers: { cookie } });
      const first = await refresh(u.cookie);
      expect(first.status).toBe(200);
      const rotated = refreshCookieOf(first);
      await backdateRotations(h, u.user.id); // past the grace window for retries
      expect((await refresh(u.cookie)).status).toBe(401); // the stolen, already-used token
      expect((await refresh(rotated)).status).toBe(401); // and the family is dead
    },
  },
  {
    name: 'Login does not reveal which e-mail addresses have accounts',
    async run({ h, raw }) {
      const login = (email: string) =>
        raw(
          'POST',
          '/api/auth/login',
          { 'content-type': 'application/json' },
          JSON.stringify({ email, password: 'wrong-password' }),
        );
      const unknown = await login('nobody-here@example.com');
      const known = await login((await registerUser(h.url)).email);
      expect([unknown.status, known.status]).toEqual([401, 401]);
      expect(unknown.json).toEqual(known.json);
    },
  },
];
