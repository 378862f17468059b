import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTES, fillRoutePath, routeKeyOf, streamEventSchema } from './index.js';

const rows = Object.values(API_ROUTES);

describe('the route table', () => {
  it('has each method and path once', () => {
    const keys = rows.map(routeKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("names each path's :params in its params schema, and nothing else", () => {
    for (const r of rows) {
      const inPath = [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const params = 'params' in r ? r.params : undefined;
      const inSchema = params instanceof z.ZodObject ? Object.keys(params.shape).sort() : [];
      expect(inSchema, routeKeyOf(r)).toEqual(inPath);
    }
  });

  it('gives bodies only to routes that take one', () => {
    for (const r of rows) if ('body' in r) expect(r.method, routeKeyOf(r)).not.toBe('GET');
  });

  it('fills and encodes path params', () => {
    expect(fillRoutePath('/api/messages/:a/:b', { a: 'x y', b: '1' })).toBe('/api/messages/x%20y/1');
    expect(() => fillRoutePath('/api/convos/:id', {})).toThrow(/:id/);
  });

  it('reads a flagged event as itself, never as a delta', () => {
    const parsed = streamEventSchema.parse({
      error: true,
      code: 'upstream_error',
      message: 'x',
      text: 'not a delta',
    });
    expect(parsed).toMatchObject({ error: true });
    expect(streamEventSchema.safeParse({ nope: 1 }).success).toBe(false);
  });
});
