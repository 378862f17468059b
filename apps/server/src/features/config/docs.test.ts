import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_LIST } from '@chat/contract';
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
      { parameters: Array<{ name: string; in: string }>; security?: unknown[]; requestBody?: unknown }
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
    const table = API_ROUTE_LIST.map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(table.sort());
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
