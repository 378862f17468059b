import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES_EN } from '@chat/contract';
import en from '../../locales/en.json';

describe('the shared page’s endpoint names', () => {
  it('are the English the chat shows (com_endpoint_<name>)', () => {
    const dictionary = en as Record<string, string>;
    for (const [name, english] of Object.entries(ENDPOINT_NAMES_EN)) {
      expect(dictionary[`com_endpoint_${name}`], name).toBe(english);
    }
  });
});
