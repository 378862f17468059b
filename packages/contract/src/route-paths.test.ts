import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  OPTION_KEYS_FILE,
  renderOptionKeys,
  renderRoutePaths,
  ROUTE_PATHS_FILE,
} from '../scripts/route-paths.js';
import { API_ROUTE_PATHS, API_ROUTES, CONVERSATION_OPTION_KEYS, conversationOptionsSchema } from './index.js';

describe('the tables the browser reads without zod (scripts/route-paths.ts regenerates them)', () => {
  it('are the route table and the conversation options as they are now', () => {
    expect(readFileSync(ROUTE_PATHS_FILE, 'utf8')).toBe(renderRoutePaths());
    expect(readFileSync(OPTION_KEYS_FILE, 'utf8')).toBe(renderOptionKeys());
  });

  it("has each row's method and path, and nothing else", () => {
    const strip = Object.fromEntries(
      Object.entries(API_ROUTES).map(([name, r]) => [name, { method: r.method, path: r.path }]),
    );
    expect(API_ROUTE_PATHS).toEqual(strip);
  });

  it('has every conversation option, and nothing else', () => {
    expect(CONVERSATION_OPTION_KEYS).toEqual(Object.keys(conversationOptionsSchema.shape));
  });
});
