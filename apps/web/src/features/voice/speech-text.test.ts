import { describe, expect, it } from 'vitest';
import { joinSpeech, wordGap } from './recognition';
import { speakableText, speechChunks } from './speech-text';
import { speechLanguage } from './support';

const say = (md: string) => speakableText(md, 'Code block');

describe('speakableText', () => {
  it('drops the marks of headings, emphasis, quotes, lists and rules', () => {
    expect(say('## Title ##\n\n> *quoted* and __strong__\n\n1. one\n* two\n- [x] done\n\n---\n~~old~~')).toBe(
      'Title\nquoted and strong\none\ntwo\ndone\nold',
    );
  });

  it('says each fenced block as the phrase given, however it is fenced, and nothing of its code', () => {
    const md =
      'Before\n```python\nprint("**hi**")\n```\nMiddle\n~~~~\n# not a heading\n~~~~\nAfter\n````\nunclosed ``` inside';
    expect(say(md)).toBe('Before\nCode block.\nMiddle\nCode block.\nAfter\nCode block.');
  });

  it('keeps the words of links, images and inline code, not their targets or marks', () => {
    expect(
      say('See [the guide](https://x.test/a_b) and ![a cat](cat.png), run `ls -la` or <https://y.test>.'),
    ).toBe('See the guide and a cat, run ls -la or https://y.test.');
  });

  it('keeps underscores inside words and escaped marks as they are', () => {
    expect(say('call snake_case_name and 2 \\* 3 and _this_')).toBe(
      'call snake_case_name and 2 * 3 and this',
    );
  });

  it('reads a table by its cells, without the divider', () => {
    expect(say('| Name | Age |\n| --- | ---: |\n| Ann | 30 |')).toBe('Name, Age\nAnn, 30');
  });

  it('drops HTML tags and math delimiters', () => {
    expect(say('<b>Bold</b> and $x^2$, at $5 or $10')).toBe('Bold and x^2, at $5 or $10');
  });
});

describe('speechChunks', () => {
  it('keeps paragraphs apart and gathers sentences up to the limit', () => {
    const text = 'One. Two? Three!\nNext paragraph.';
    expect(speechChunks(text, 10)).toEqual(['One. Two?', 'Three!', 'Next paragraph.']);
    expect(speechChunks(text)).toEqual(['One. Two? Three!', 'Next paragraph.']);
  });

  it('splits text without spaces at its own full stops', () => {
    expect(speechChunks('こんにちは。元気ですか？', 6)).toEqual(['こんにちは。', '元気ですか？']);
  });
});

describe('joinSpeech', () => {
  it('puts a gap between typed text and spoken words unless white space is there', () => {
    expect(joinSpeech('Hi', ' there ', ' ')).toBe('Hi there');
    expect(joinSpeech('Hi\n', 'there', ' ')).toBe('Hi\nthere');
    expect(joinSpeech('', 'there', ' ')).toBe('there');
    expect(joinSpeech('Hi', '  ', ' ')).toBe('Hi');
  });

  it('joins languages written without spaces as they are', () => {
    expect(wordGap('ja-JP')).toBe('');
    expect(wordGap('zh-Hant-TW')).toBe('');
    expect(wordGap('de-DE')).toBe(' ');
    expect(joinSpeech('你好', '世界', wordGap('zh-CN'))).toBe('你好世界');
  });

  it("names Traditional Chinese as the engines know it, every other language by the UI's tag", () => {
    expect(speechLanguage('zh-TC')).toBe('zh-TW');
    expect(speechLanguage('zh-CN')).toBe('zh-CN');
    expect(speechLanguage('pt-BR')).toBe('pt-BR');
  });
});
