import { describe, expect, it } from 'vitest';
import { artifactsAsMarkdown, artifactsOf, splitArtifacts } from './artifacts-parse.js';

const HTML = [
  'Here is a page:',
  '',
  ':::artifact{identifier="hello-page" type="text/html" title="Hello page"}',
  '```html',
  '<h1>Hello</h1>',
  '```',
  ':::',
  '',
  'Enjoy.',
].join('\n');

describe('splitArtifacts', () => {
  it('cuts a reply into its text and its artifact, with the attributes and the fenced code', () => {
    const segments = splitArtifacts(HTML);
    expect(segments.map((s) => s.kind)).toEqual(['text', 'artifact', 'text']);
    expect(segments[0]).toEqual({ kind: 'text', text: 'Here is a page:\n' });
    expect(segments[1]).toEqual({
      kind: 'artifact',
      artifact: {
        identifier: 'hello-page',
        type: 'text/html',
        title: 'Hello page',
        language: 'html',
        content: '<h1>Hello</h1>',
        complete: true,
      },
    });
    expect(segments[2]).toEqual({ kind: 'text', text: '\nEnjoy.' });
  });

  it('leaves a text without a directive whole', () => {
    expect(splitArtifacts('Just text ::: with colons')).toEqual([
      { kind: 'text', text: 'Just text ::: with colons' },
    ]);
  });

  it('reads every prefix of a streaming reply: partial directive, partial code, then complete', () => {
    for (let end = 1; end <= HTML.length; end++) {
      const prefix = HTML.slice(0, end);
      const artifacts = artifactsOf(prefix);
      // The directive never shows as text once its line has begun.
      const text = splitArtifacts(prefix)
        .flatMap((s) => (s.kind === 'text' ? [s.text] : []))
        .join('');
      expect(text).not.toContain(':::art');
      if (end < HTML.indexOf(':::artifact') + 3) expect(artifacts).toHaveLength(0);
    }
    const partial = artifactsOf(HTML.slice(0, HTML.indexOf('</h1>')));
    expect(partial).toHaveLength(1);
    expect(partial[0]).toMatchObject({ identifier: 'hello-page', complete: false, content: '<h1>Hello' });
    const attrsHalf = artifactsOf(':::artifact{identifier="a-b" type="image/sv');
    expect(attrsHalf[0]).toMatchObject({ identifier: 'a-b', type: '', complete: false, content: '' });
    const full = artifactsOf(HTML);
    expect(full[0]!.complete).toBe(true);
  });

  it('finds several artifacts in order, and the same identifier twice', () => {
    const text = [
      ':::artifact{identifier="logo" type="image/svg+xml" title="Logo"}',
      '```svg',
      '<svg viewBox="0 0 10 10"></svg>',
      '```',
      ':::',
      'Between.',
      ":::artifact{identifier='flow' type='application/vnd.mermaid' title='Flow'}",
      '```mermaid',
      'graph TD; A-->B',
      '```',
      ':::',
      ':::artifact{identifier="logo" type="image/svg+xml" title="Logo, blue"}',
      '```',
      '<svg viewBox="0 0 20 20"></svg>',
      '```',
      ':::',
    ].join('\n');
    const list = artifactsOf(text);
    expect(list.map((a) => [a.identifier, a.type, a.title])).toEqual([
      ['logo', 'image/svg+xml', 'Logo'],
      ['flow', 'application/vnd.mermaid', 'Flow'],
      ['logo', 'image/svg+xml', 'Logo, blue'],
    ]);
    expect(list[1]!.content).toBe('graph TD; A-->B');
    expect(splitArtifacts(text).filter((s) => s.kind === 'text')).toEqual([
      { kind: 'text', text: 'Between.' },
    ]);
  });

  it('keeps fences inside the code when the artifact opens with a longer fence', () => {
    const text = [
      ':::artifact{identifier="readme" type="text/markdown" title="Readme"}',
      '````markdown',
      '# Use',
      '```bash',
      'npm start',
      '```',
      ':::',
      '````',
      ':::',
      'After.',
    ].join('\n');
    const [a] = artifactsOf(text);
    expect(a!.content).toBe('# Use\n```bash\nnpm start\n```\n:::');
    expect(a!.complete).toBe(true);
    expect(splitArtifacts(text).at(-1)).toEqual({ kind: 'text', text: 'After.' });
  });

  it('does not read a directive shown inside an ordinary code block', () => {
    const text = ['```md', ':::artifact{identifier="x" type="text/html" title="X"}', '```', 'done'].join(
      '\n',
    );
    expect(splitArtifacts(text)).toEqual([{ kind: 'text', text }]);
  });

  it('keeps a malicious title as plain text, cut to its limit', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const [a] = artifactsOf(
      `:::artifact{identifier="x" type="text/html" title="${evil}${'a'.repeat(300)}"}\n\`\`\`\nhi\n\`\`\`\n:::`,
    );
    expect(a!.title.startsWith(evil)).toBe(true);
    expect(a!.title.length).toBe(200);
  });

  it('takes the lines themselves when the model forgot the fence', () => {
    const [a] = artifactsOf(':::artifact{identifier="x" type="image/svg+xml" title="X"}\n<svg></svg>\n:::');
    expect(a).toMatchObject({ content: '<svg></svg>', complete: true });
  });
});

describe('artifactsAsMarkdown', () => {
  it('draws each artifact as its title over a fenced block, the text around it kept', () => {
    expect(artifactsAsMarkdown(HTML)).toBe(
      [
        'Here is a page:',
        '',
        '',
        '**Hello page**',
        '',
        '```html',
        '<h1>Hello</h1>',
        '```',
        '',
        '',
        'Enjoy.',
      ].join('\n'),
    );
  });

  it("names the language by the type where the block does not, and fences longer than the code's own", () => {
    const text =
      ':::artifact{identifier="d" type="application/vnd.mermaid" title="Flow *1*"}\n```\ngraph TD; A-->B\n````x\n```\n:::';
    const md = artifactsAsMarkdown(text);
    expect(md).toContain('**Flow \\*1\\***');
    expect(md).toContain('`````mermaid\ngraph TD; A-->B');
  });

  it('leaves a reply without artifacts as it is', () => {
    const text = 'Use `:::` fences\n```\n:::artifact{x}\n```';
    expect(artifactsAsMarkdown(text)).toBe(text);
  });
});
