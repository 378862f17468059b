import { describe, expect, it } from 'vitest';
import { promptsPolicy } from './prompts.js';

describe("interface.prompts as LibreChat's permissions", () => {
  it('allows everything when absent or true, nothing when false', () => {
    expect(promptsPolicy(undefined)).toEqual({ use: true, create: true, public: true });
    expect(promptsPolicy(true)).toEqual({ use: true, create: true, public: true });
    expect(promptsPolicy(false)).toEqual({ use: false, create: false, public: false });
  });

  it('reads each permission of the object, and nothing without use', () => {
    expect(promptsPolicy({ create: false })).toEqual({ use: true, create: false, public: true });
    expect(promptsPolicy({ public: false, share: true })).toEqual({ use: true, create: true, public: false });
    expect(promptsPolicy({ use: false, create: true, public: true })).toEqual({
      use: false,
      create: false,
      public: false,
    });
  });
});
