import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { LOCAL_KEYS, TIMINGS } from '@chat/contract';
import Markdown from './Markdown';
import { grammarFor, loadGrammar } from './languages';
import { hasMath, prepareMath } from './latex';

vi.mock('../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

// Loading the KaTeX chunk or a grammar can take seconds on a busy machine.
const slow = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});

describe('GFM', () => {
  it('renders tables in a scrolling box, task lists and strikethrough', () => {
    const { container } = render(
      <Markdown text={'| a | b |\n| - | -: |\n| 1 | 2 |\n\n- [ ] todo\n- [x] done\n\n~~gone~~ kept'} />,
    );
    const wrap = container.querySelector('.md-table-wrap');
    expect(wrap?.querySelector('table th')?.textContent).toBe('a');
    expect([...container.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1', '2']);
    const boxes = container.querySelectorAll<HTMLInputElement>('.contains-task-list input[type="checkbox"]');
    expect([...boxes].map((b) => [b.checked, b.disabled, b.getAttribute('aria-label')])).toEqual([
      [false, true, 'com_chat_task_open'],
      [true, true, 'com_chat_task_done'],
    ]);
    // A wide table scrolls: the keyboard reaches it.
    expect(wrap?.getAttribute('tabindex')).toBe('0');
    expect(container.querySelector('del')?.textContent).toBe('gone');
  });
});

describe('LaTeX', () => {
  it('typesets $…$, $$…$$, \\(…\\) and \\[…\\] when LaTeX parsing is on (the default)', async () => {
    const { container } = render(
      <Markdown text={'Energy $E=mc^2$ and \\(a+b\\).\n\n$$\n\\int_0^1 x\\,dx\n$$\n\n\\[x^2\\]'} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(4), slow);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
    expect(container.textContent).not.toContain('$E=mc^2$');
  });

  it('leaves the dollars as text when LaTeX parsing is off', async () => {
    localStorage.setItem(LOCAL_KEYS.LaTeXParsing, 'false');
    const { container } = render(<Markdown text={'Energy $E=mc^2$ here.'} />);
    // Give a wrongly started math load time to land before checking that nothing was typeset.
    await loadGrammar('python');
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.textContent).toBe('Energy $E=mc^2$ here.');
  });

  it('follows the preference when it changes', async () => {
    const { container } = render(<Markdown text={'$x$'} />);
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull(), slow);
    act(() => {
      localStorage.setItem(LOCAL_KEYS.LaTeXParsing, 'false');
      window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_KEYS.LaTeXParsing }));
    });
    expect(container.querySelector('.katex')).toBeNull();
    expect(container.textContent).toBe('$x$');
  });

  it('reads prices as prices and leaves code alone', () => {
    expect(hasMath('It costs $5 and $10.')).toBe(false);
    expect(hasMath('Let $x$ be')).toBe(true);
    expect(hasMath('no math here')).toBe(false);
    expect(prepareMath('$5 or $x$')).toBe('\\$5 or $x$');
    expect(prepareMath('`\\(a\\)` and \\(b\\)')).toBe('`\\(a\\)` and $b$');
    expect(prepareMath('```\n\\[a\\] $5\n```\n\\[b\\]')).toBe('```\n\\[a\\] $5\n```\n\n$$\nb\n$$\n');
  });

  it('KaTeX stays untrusted: no link or HTML comes out of a formula', async () => {
    const { container } = render(
      <Markdown
        text={'$\\href{javascript:alert(1)}{x}$ and $\\htmlId{evil}{y}$ and $$\\url{javascript:alert(2)}$$'}
      />,
    );
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull(), slow);
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('#evil')).toBeNull();
  });
});

describe('code blocks', () => {
  it('shows the language label and highlights the ~35 languages once their grammar has loaded', async () => {
    const { container } = render(<Markdown text={'```py\ndef greet():\n    return 1\n```'} />);
    expect(container.querySelector('.md-code-bar span')?.textContent).toBe('py');
    await waitFor(() => expect(container.querySelector('.hljs-keyword')?.textContent).toBe('def'), slow);
    expect(grammarFor('TSX')).toBe('typescript');
    expect(grammarFor('c++')).toBe('cpp');
    expect(grammarFor('brainfuck')).toBeNull();
  });

  it('shows an unknown language as plain code with its label, and a block without one as "code"', () => {
    const { container } = render(<Markdown text={'```brainfuck\n+[-]\n```\n\n```\nplain\n```'} />);
    const labels = [...container.querySelectorAll('.md-code-bar span:first-child')].map((s) => s.textContent);
    expect(labels).toEqual(['brainfuck', 'com_chat_code']);
    expect(container.querySelector('[class*="hljs-"]')).toBeNull();
  });

  it('copies the code and says so for TIMINGS.copyFeedbackMs (3 s)', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { getByTestId } = render(<Markdown text={'```\necho hi\n```'} />);
    const button = getByTestId('copy-code');
    expect(button.textContent).toBe('com_chat_copy_code');
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('echo hi\n');
    expect(button.textContent).toBe('com_chat_copied');
    act(() => vi.advanceTimersByTime(TIMINGS.copyFeedbackMs - 1));
    expect(button.textContent).toBe('com_chat_copied');
    act(() => vi.advanceTimersByTime(1));
    expect(button.textContent).toBe('com_chat_copy_code');
  });
});

describe('nothing executable', () => {
  it('renders raw HTML as text and links only as safe, new-tab links', () => {
    const { container } = render(
      <Markdown
        text={
          '<script>alert(1)</script> <img src=x onerror=alert(2)> <a href="javascript:alert(3)">a</a>\n\n' +
          '[bad](javascript:alert(4)) [vb](vbscript:x) [data](data:text/html,<b>x</b>) [ok](https://example.com) <https://auto.example>'
        }
      />,
    );
    expect(container.querySelector('script, img, iframe')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    const links = [...container.querySelectorAll('a')];
    for (const a of links) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|vbscript|data):/i);
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
    expect(links.find((a) => a.textContent === 'ok')?.getAttribute('href')).toBe('https://example.com');
    expect(links.find((a) => a.textContent === 'https://auto.example')).toBeDefined();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
  });
});
