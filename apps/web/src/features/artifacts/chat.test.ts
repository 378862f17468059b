import { describe, expect, it } from 'vitest';
import { artifactsOption } from './chat';

describe('the artifacts option of a conversation', () => {
  it('is sent once on, keeping the other ephemeral choices, and "off" only where it was saved', () => {
    const options = { ephemeralAgent: { mcp: ['files'] } };
    expect(artifactsOption.apply(options, '', undefined)).toBe(options);
    expect(artifactsOption.apply(options, 'default', undefined)).toEqual({
      ephemeralAgent: { mcp: ['files'], artifacts: 'default' },
    });
    expect(artifactsOption.apply({}, '', 'default')).toEqual({ ephemeralAgent: { artifacts: '' } });
  });

  it("reads the conversation's saved mode", () => {
    expect(artifactsOption.saved({ ephemeralAgent: { artifacts: 'default' } })).toBe('default');
    expect(artifactsOption.saved({ ephemeralAgent: null })).toBeUndefined();
    expect(artifactsOption.saved(undefined)).toBeUndefined();
  });
});
