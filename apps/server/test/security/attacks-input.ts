import { expect } from 'vitest';
import type { ApiErrorBody, Conversation } from '@chat/contract';
import { renderPostHtml } from '../../src/features/blog/render-html.js';
import { safeJoin, UnsafePathError } from '../../src/platform/files/safe-path.js';
import { checkUrl, SsrfError } from '../../src/platform/net/ssrf.js';
import { chatUser } from '../support/chat-harness.js';
import { expectError, XSS, type Attack } from './attack-kit.js';
import { routeKey, testedRoutes } from './route-table.js';

/** Attacks through input: malformed and oversized bodies, stored XSS, ReDoS, traversal, SSRF. */
export const INPUT_ATTACKS: Attack[] = [
  {
    name: 'Unauthenticated malformed bodies on login/register/refresh never crash the server (CVE class)',
    async run({ raw, expectAlive }) {
      const bodies: [string, string | Buffer, number[]][] = [
        ['application/json', '{"email":', [400]],
        ['application/json', '', [400]],
        ['application/json', 'null', [400]],
        ['application/json', '[]', [400]],
        ['application/json', '"string"', [400]],
        ['application/json', '{"email":{"$gt":""},"password":{"$ne":null}}', [400]],
        ['application/json', '{"__proto__":{"role":"ADMIN"}}', [400]],
        ['application/json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, [400]],
        ['application/json', Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]), [400]],
        // Not UTF-8 JSON, or not JSON at all: 415 unsupported_media_type.
        ['application/json; charset=utf-16', '{}', [415]],
        ['text/plain', '{"email":"a@b.c","password":"x"}', [415]],
        ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x', [415]],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
          [415],
        ],
        ['application/json', `{"email":"${'a'.repeat(2 * 1024 * 1024)}"}`, [413]],
      ];
      for (const path of ['/api/auth/login', '/api/auth/register', '/api/auth/refresh']) {
        for (const [type, body, statuses] of bodies) {
          const res = await raw('POST', path, { 'content-type': type }, body);
          // refresh reads no body: a well-formed one (or an empty one) is answered 204 (no cookie,
          // nobody signed in), with no body at all.
          if (path.endsWith('refresh') && statuses.includes(400) && res.status === 204) {
            expect(res.text, `${path} ${type}`).toBe('');
            continue;
          }
          expectError(res, statuses, `${path} ${type} ${String(body).slice(0, 40)}`);
        }
        expectError(await raw('POST', path, {}, 'no content type'), [415], `${path} without content-type`);
      }
      await expectAlive();
      expect(({} as Record<string, unknown>).role).toBeUndefined();
    },
  },
  {
    name: 'Oversized bodies are 413 payload_too_large, before any work',
    async run({ f, raw, bearer, expectAlive }) {
      const big = JSON.stringify({
        text: 'x'.repeat(1024 * 1024 + 10),
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
      });
      for (const path of ['/api/ask/openAI', '/api/convos/update', '/api/auth/register']) {
        const res = await raw(
          'POST',
          path,
          { ...bearer(f.a.token), 'content-type': 'application/json' },
          big,
        );
        expectError(res, [413], path);
        expect((res.json as ApiErrorBody).code).toBe('payload_too_large');
      }
      // A declared length over the limit is refused without waiting for the body.
      const declared = await raw('POST', '/api/auth/login', {
        'content-type': 'application/json',
        'content-length': String(50 * 1024 * 1024),
      });
      expect(declared.status).toBe(413);
      const longUrl = await raw('GET', `/api/convos/${'a'.repeat(20_000)}`, bearer(f.a.token));
      expect(longUrl.status).toBeGreaterThanOrEqual(400);
      expect(longUrl.status).toBeLessThan(500);
      await expectAlive();
    },
  },
  {
    name: 'Stored XSS through conversation titles: kept as plain text, served as JSON',
    async run({ f, raw, as, bearer }) {
      for (const title of XSS) {
        const res = await as(f.a.token)('POST', '/api/convos/update', {
          body: { arg: { conversationId: f.convoId, title } },
        });
        expect(res.status).toBe(200);
        const got = await raw('GET', `/api/convos/${f.convoId}`, bearer(f.a.token));
        expect((got.json as Conversation).title).toBe(title);
        expect(got.headers['content-type']).toMatch(/^application\/json/);
        expect(got.headers['x-content-type-options']).toBe('nosniff');
      }
    },
  },
  {
    name: 'Stored XSS through message Markdown/HTML and user names: kept as plain text',
    async run({ h }) {
      const alice = await chatUser(h, '<img src=x onerror=alert(1)>');
      const me = await alice.api('/api/user');
      expect(((await me.json()) as { name: string }).name).toBe('<img src=x onerror=alert(1)>');
      const text = XSS.join('\n');
      const r = await alice.ask({
        text: `${text} [[fake reply="<script>alert(2)</script> [x](javascript:alert(3))"]]`,
      });
      const convoId = (r.events.at(-1)!.data as { conversation: Conversation }).conversation.conversationId;
      const [question, reply] = await alice.messages(convoId);
      expect(question!.text.startsWith(text)).toBe(true);
      expect(reply!.text).toBe('<script>alert(2)</script> [x](javascript:alert(3))');
      // A blog post is the one place written text becomes HTML: its renderer keeps no script,
      // event handler or javascript: URL of any payload, inline or as a block of its own.
      for (const payload of XSS) {
        const html = await renderPostHtml(`Text ${payload} text\n\n${payload}`);
        // (Escaped, a payload may still read as text: only tags and attributes count.)
        expect(html).not.toMatch(/<(script|svg)\b/i);
        expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
        expect(html).not.toMatch(/<[^>]*(href|src)\s*=\s*["']?\s*javascript:/i);
      }
    },
  },
  {
    name: 'ReDoS-prone inputs on search answer within a second',
    async run({ h, f, raw, as, bearer }) {
      const searchRoutes = testedRoutes(h.app).filter((r) => r.method === 'GET' && /search/.test(r.url));
      expect(searchRoutes.map(routeKey)).toContain('GET /api/search');
      // Long stored texts for the excerpt code to scan.
      const a = as(f.a.token);
      const ask = (text: string) =>
        a('POST', '/api/ask/openAI', { body: { text, endpoint: 'openAI', model: 'gpt-4o-mini' } }).then(
          () => undefined,
        );
      await ask(`${'ba '.repeat(30_000)}a aa aaa`);
      await ask(`${'a'.repeat(99_000)}!`);
      // The long text is a hit, so its excerpt is computed for the pathological queries below.
      const hit = await raw('GET', '/api/search?q=aa%20aaa', bearer(f.a.token));
      expect(hit.status).toBe(200);
      expect(hit.text).toContain('ba ba');
      const queries = [
        '(a+)+$',
        '^(a|a)*$',
        'a'.repeat(200),
        `${'a'.repeat(199)}!`,
        'a '.repeat(100),
        Array.from({ length: 32 }, (_, i) => 'a'.repeat(i + 1))
          .join(' ')
          .slice(0, 200),
        '"'.repeat(200),
        '"a" '.repeat(50),
        "'".repeat(200),
        '\\'.repeat(200),
        '*'.repeat(200),
        '%_'.repeat(100),
        ':*&|!()'.repeat(28),
        'a'.repeat(10_000),
        '😀'.repeat(100),
        '\u0000'.repeat(100),
      ];
      for (const route of searchRoutes) {
        for (const q of queries) {
          const res = await raw('GET', `${route.url}?q=${encodeURIComponent(q)}`, bearer(f.a.token));
          expect(res.status, `${route.url} q=${q.slice(0, 30)}`).toBeLessThan(500);
          expect(res.ms, `${route.url} q=${q.slice(0, 30)}`).toBeLessThan(1000);
        }
      }
    },
  },
  {
    name: 'Path traversal in ids is a 400/404, never a file',
    async run({ f, raw, bearer }) {
      for (const path of [
        '/api/convos/..%2f..%2f..%2fetc%2fpasswd',
        '/api/convos/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/api/convos/..%5c..%5cwindows%5cwin.ini',
        '/api/messages/%00',
        '/api/messages/..%00.png',
        '/api/ask/stream/%252e%252e%252f',
        '/api/messages/../../../etc/passwd',
        '/api/convos/%c0%ae%c0%ae%2f',
      ]) {
        const res = await raw('GET', path, bearer(f.a.token));
        expectError(res, [400, 404], path);
        expect(res.text).not.toMatch(/root:|\[fonts\]/);
      }
      // Files do not exist yet: their routes must build paths with safeJoin (docs/security.md).
      expect(() => safeJoin('/data/uploads', '..%2f..%2fetc%2fpasswd')).toThrow(UnsafePathError);
      expect(() => safeJoin('/data/uploads', 'user', '../../etc/passwd')).toThrow(UnsafePathError);
    },
  },
  {
    name: 'Prototype pollution through JSON bodies is refused',
    async run({ f, raw, bearer }) {
      for (const body of [
        '{"__proto__":{"isAdmin":true}}',
        '{"arg":{"constructor":{"prototype":{"isAdmin":true}}}}',
      ]) {
        for (const path of ['/api/convos/update', '/api/ask/openAI']) {
          const res = await raw(
            'POST',
            path,
            { ...bearer(f.a.token), 'content-type': 'application/json' },
            body,
          );
          expectError(res, [400], `${path} ${body}`);
        }
      }
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    },
  },
  {
    name: 'SSRF with IPv4-mapped IPv6 and other encodings is refused by the fetch guard (CVE class)',
    async run() {
      // No route takes a URL yet: user base URLs and fetch plugins must use safeFetch (docs/security.md).
      for (const url of [
        'http://[::ffff:127.0.0.1]/',
        'http://[::ffff:a9fe:a9fe]/',
        'http://0x7f.1/',
        'http://2130706433/',
      ]) {
        expect(() => checkUrl(url), url).toThrow(SsrfError);
      }
    },
  },
];
