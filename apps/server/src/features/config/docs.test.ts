import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { API_ROUTE_LIST, API_ROUTES } from '@chat/contract';
import { startTestApp, type Harness } from '../../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => {
  await h.close();
});

interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        parameters: Array<{ name: string; in: string }>;
        security?: unknown[];
        requestBody?: unknown;
      }
    >
  >;
}

describe('GET /api/docs', () => {
  it('answers, without a token, the OpenAPI document of every route of the table', async () => {
    const res = await fetch(`${h.url}/api/docs`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApiDoc;
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    // Every row but the ones served at an earlier path beside their documented twin.
    const table = API_ROUTE_LIST.filter((r) => !r.undocumented).map(
      (r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
    );
    expect(documented.sort()).toEqual(table.sort());
    const twins = API_ROUTE_LIST.filter((r) => r.undocumented);
    expect(twins.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'DELETE /api/blog/:id',
      'POST /api/share/:conversationId',
      'PUT /api/blog/:id',
    ]);
  });

  it('is valid by a third party: Redocly finds no error, and every operation has its own operationId', async () => {
    const text = await (await fetch(`${h.url}/api/docs`)).text();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: '/api/docs.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
    // Redocly's rule only warns; here a missing or repeated id is a failure.
    const doc = JSON.parse(text) as OpenApiDoc;
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(ids.every((id) => typeof id === 'string' && id in API_ROUTES)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect((JSON.parse(text) as { servers: unknown }).servers).toEqual([{ url: '/' }]);
  });

  it('describes params, bodies and which routes are public', async () => {
    const doc = (await (await fetch(`${h.url}/api/docs`)).json()) as OpenApiDoc;
    const edit = doc.paths['/api/messages/{conversationId}/{messageId}']!.put!;
    expect(edit.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      'path:conversationId',
      'path:messageId',
    ]);
    expect(edit.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { text: { type: 'string' } } } } },
    });
    expect(doc.paths['/api/search']!.get!.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      'query:q',
      'query:pageNumber',
    ]);
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/user']!.get!.security).toBeUndefined();
  });
});
