import { describe, it, expect } from 'vitest';
import { parseDirectives, stripDirectives } from './directive.js';

describe('parseDirectives', () => {
  it('returns the text unchanged and no script when there is no directive', () => {
    expect(parseDirectives('hello [world]')).toEqual({ script: undefined, text: 'hello [world]' });
  });

  it('parses numeric keys and strips the directive', () => {
    expect(parseDirectives('[[fake tps=20 failAfter=5]] Tell me a story')).toEqual({
      script: { tokensPerSecond: 20, failAfterTokens: 5 },
      text: 'Tell me a story',
    });
  });

  it('parses status, hang flag, hangAfter and finish', () => {
    expect(parseDirectives('[[fake status=429]]').script).toEqual({ status: 429 });
    expect(parseDirectives('[[fake hang]]').script).toEqual({ hang: true });
    expect(parseDirectives('[[fake hang=false]]').script).toEqual({ hang: false });
    expect(parseDirectives('[[fake hangAfter=3]]').script).toEqual({ hangAfterTokens: 3 });
    expect(parseDirectives('[[fake endAfter=2]]').script).toEqual({ endAfterTokens: 2 });
    expect(parseDirectives('[[fake endAfterTokens=0]]').script).toEqual({ endAfterTokens: 0 });
    expect(parseDirectives('[[fake finish=length]]').script).toEqual({ finishReason: 'length' });
  });

  it('parses the error keys, split and the content filter finish', () => {
    expect(parseDirectives('[[fake status=529 errorAfter=2 split]]').script).toEqual({
      status: 529,
      errorAfterTokens: 2,
      split: true,
    });
    expect(parseDirectives('[[fake error=quota]]').script).toEqual({ error: 'quota' });
    expect(parseDirectives('[[fake error=context finish=content_filter]]').script).toEqual({
      error: 'context',
      finishReason: 'content_filter',
    });
    expect(parseDirectives('[[fake error=nonsense status=402 split=false]]').script).toEqual({
      split: false,
    });
  });

  it('parses malformed as a flag (after 0 tokens) or with a token count', () => {
    expect(parseDirectives('[[fake malformed]]').script).toEqual({ malformedAfterTokens: 0 });
    expect(parseDirectives('[[fake malformed=3]]').script).toEqual({ malformedAfterTokens: 3 });
    expect(parseDirectives('[[fake malformedAfter=x]]').script).toEqual({});
  });

  it('accepts quoted values with spaces, brackets and escapes', () => {
    expect(parseDirectives('[[fake reply="Hello there"]]').script).toEqual({ reply: 'Hello there' });
    expect(parseDirectives('[[fake reply="a ]] b \\"q\\" c\\nd"]]').script).toEqual({
      reply: 'a ]] b "q" c\nd',
    });
  });

  it('finds the directive anywhere and keeps the surrounding text tidy', () => {
    expect(parseDirectives('before [[fake tps=5]] after')).toEqual({
      script: { tokensPerSecond: 5 },
      text: 'before after',
    });
    expect(parseDirectives('line one\n[[fake hang]]\nline two').text).toBe('line one\n\nline two');
  });

  it('is case-insensitive and accepts long aliases', () => {
    expect(
      parseDirectives('[[FAKE tokensPerSecond=7 failAfterTokens=2 hangAfterTokens=4 finishReason=stop]]')
        .script,
    ).toEqual({ tokensPerSecond: 7, failAfterTokens: 2, hangAfterTokens: 4, finishReason: 'stop' });
  });

  it('ignores unknown keys and invalid values but still strips the directive', () => {
    expect(parseDirectives('x [[fake bogus=1 status=404 tps=abc failAfter=-1 finish=maybe]]')).toEqual({
      script: {},
      text: 'x',
    });
  });

  it('merges several directives, later ones winning', () => {
    expect(parseDirectives('[[fake tps=1 status=500]] hi [[fake tps=2]]')).toEqual({
      script: { tokensPerSecond: 2, status: 500 },
      text: 'hi',
    });
  });

  it('does not match look-alikes', () => {
    expect(parseDirectives('[[faker tps=1]]').script).toBeUndefined();
    expect(parseDirectives('[fake tps=1]').script).toBeUndefined();
  });

  it('stripDirectives removes directives only', () => {
    expect(stripDirectives('[[fake reply="x"]] What is 2+2?')).toBe('What is 2+2?');
  });
});
