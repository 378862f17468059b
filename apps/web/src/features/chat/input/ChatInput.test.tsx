import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TIMINGS } from '@chat/contract';
import { ChatInput, type ChatInputProps } from './ChatInput';

vi.mock('../../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

function setup(props: Partial<ChatInputProps> = {}) {
  const onSend = vi.fn(() => true);
  const onStop = vi.fn();
  render(
    <ChatInput
      onSend={onSend}
      onStop={onStop}
      submitting={false}
      showStop={false}
      placeholder="Send a message"
      {...props}
    />,
  );
  const input = screen.getByTestId('chat-input') as HTMLTextAreaElement;
  return { onSend, onStop, input };
}

describe('ChatInput', () => {
  afterEach(cleanup);

  it('is as tall as a placeholder that wraps (a narrow screen), and as its text once typed', () => {
    // jsdom lays nothing out: a stand-in of 24 px a line and 20 characters a line.
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        return 24 * Math.max(1, Math.ceil(this.value.length / 20));
      },
    });
    try {
      const { input } = setup({ placeholder: 'Edit your message or Regenerate.', disabled: true });
      expect(input.style.height).toBe('48px');
      expect(input.value).toBe('');
      cleanup();
      const typed = setup({ placeholder: 'Short' });
      expect(typed.input.style.height).toBe('24px');
      fireEvent.change(typed.input, { target: { value: 'x'.repeat(50) } });
      expect(typed.input.style.height).toBe('72px');
    } finally {
      delete (HTMLTextAreaElement.prototype as { scrollHeight?: number }).scrollHeight;
    }
  });

  it('lets the caret blink while the person types, and holds it still after a quiet while', () => {
    vi.useFakeTimers();
    try {
      const { input } = setup();
      // The box takes the focus after refocusDelayMs: the quiet while counts from there.
      act(() => vi.advanceTimersByTime(TIMINGS.refocusDelayMs));
      expect(document.activeElement).toBe(input);
      act(() => vi.advanceTimersByTime(TIMINGS.caretBlinkIdleMs - 1));
      expect(input.dataset.caret).toBeUndefined();
      act(() => vi.advanceTimersByTime(1));
      expect(input.dataset.caret).toBe('steady');
      fireEvent.keyDown(input, { key: 'a' });
      expect(input.dataset.caret).toBeUndefined();
      act(() => vi.advanceTimersByTime(TIMINGS.caretBlinkIdleMs - 1));
      expect(input.dataset.caret).toBeUndefined();
      fireEvent.focus(input);
      act(() => vi.advanceTimersByTime(TIMINGS.caretBlinkIdleMs - 1));
      expect(input.dataset.caret).toBeUndefined();
      act(() => vi.advanceTimersByTime(1));
      expect(input.dataset.caret).toBe('steady');
      // The steady caret is the browser's caret-animation: manual.
      expect(input.className).toContain('data-[caret=steady]:[caret-animation:manual]');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the text while a send is checked (the subscription), clearing it only once it went', async () => {
    let answer: (sent: boolean) => void = () => {};
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const { input } = setup({ onSend });
    fireEvent.change(input, { target: { value: 'pending question' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('pending question');
    expect(input.value).toBe('pending question');
    // No second send while the first is checked.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledTimes(1);
    await act(async () => answer(false));
    expect(input.value).toBe('pending question');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledTimes(2);
    await act(async () => answer(true));
    expect(input.value).toBe('');
  });

  it('shows dots on the send button while a send is checked, moving on every 500 ms', async () => {
    vi.useFakeTimers();
    try {
      let answer: (sent: boolean) => void = () => {};
      const { input } = setup({ onSend: () => new Promise<boolean>((resolve) => (answer = resolve)) });
      expect(screen.queryByTestId('sending-dots')).toBeNull();
      fireEvent.change(input, { target: { value: 'question' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      const dots = screen.getByTestId('sending-dots');
      expect(screen.getByTestId('send-button').getAttribute('aria-busy')).toBe('true');
      expect(dots.dataset.step).toBe('0');
      act(() => vi.advanceTimersByTime(TIMINGS.sendIndicatorMs - 1));
      expect(dots.dataset.step).toBe('0');
      act(() => vi.advanceTimersByTime(1));
      expect(dots.dataset.step).toBe('1');
      act(() => vi.advanceTimersByTime(2 * 500));
      expect(dots.dataset.step).toBe('0');
      await act(async () => answer(true));
      expect(screen.queryByTestId('sending-dots')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a new placeholder once it has held for 80 ms', () => {
    vi.useFakeTimers();
    try {
      const props = {
        onSend: () => true,
        onStop: () => undefined,
        submitting: false,
        showStop: false,
      };
      const { rerender } = render(<ChatInput {...props} placeholder="Send a message" />);
      const input = screen.getByTestId('chat-input') as HTMLTextAreaElement;
      expect(input.placeholder).toBe('Send a message');
      rerender(<ChatInput {...props} placeholder="Edit your message or Regenerate." />);
      act(() => vi.advanceTimersByTime(TIMINGS.placeholderDebounceMs - 1));
      expect(input.placeholder).toBe('Send a message');
      act(() => vi.advanceTimersByTime(1));
      expect(input.placeholder).toBe('Edit your message or Regenerate.');
      // A state that passes in a blink never shows its text.
      rerender(<ChatInput {...props} placeholder="Other" />);
      act(() => vi.advanceTimersByTime(40));
      expect(input.placeholder).toBe('Edit your message or Regenerate.');
      rerender(<ChatInput {...props} placeholder="Edit your message or Regenerate." />);
      act(() => vi.advanceTimersByTime(200));
      expect(input.placeholder).toBe('Edit your message or Regenerate.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the focus where the person moved it during the delay, and takes it from where it was', () => {
    vi.useFakeTimers();
    try {
      const elsewhere = document.createElement('button');
      const before = document.createElement('button');
      document.body.append(elsewhere, before);
      before.focus();
      const first = setup();
      elsewhere.focus(); // e.g. the endpoint menu, focused while the page settles
      act(() => vi.advanceTimersByTime(TIMINGS.refocusDelayMs));
      expect(document.activeElement).toBe(elsewhere);
      expect(first.input).not.toBe(document.activeElement);
      cleanup();
      // Focus still on what had it when the state changed (a regenerate button): the input takes it.
      before.focus();
      const second = setup();
      act(() => vi.advanceTimersByTime(TIMINGS.refocusDelayMs));
      expect(document.activeElement).toBe(second.input);
      elsewhere.remove();
      before.remove();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the focus after the submit state changes, but never out of an open dialog', () => {
    vi.useFakeTimers();
    try {
      const dialog = document.createElement('div');
      dialog.setAttribute('aria-modal', 'true');
      const inDialog = document.createElement('button');
      dialog.append(inDialog);
      document.body.append(dialog);
      inDialog.focus();
      const { input } = setup();
      act(() => vi.advanceTimersByTime(TIMINGS.refocusDelayMs));
      expect(document.activeElement).toBe(inDialog);
      dialog.remove();
      cleanup();
      const second = setup();
      act(() => vi.advanceTimersByTime(TIMINGS.refocusDelayMs));
      expect(document.activeElement).toBe(second.input);
      expect(input).not.toBe(second.input);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the trimmed text on Enter and clears', () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: '  hello  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('hello');
    expect(input.value).toBe('');
  });

  it('does not send on Shift+Enter', () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: 'line' } });
    const notPrevented = fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(notPrevented).toBe(true); // the newline is left to the browser
    expect(onSend).not.toHaveBeenCalled();
  });

  it('ignores Enter during IME composition', () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: 'にほん' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    fireEvent.compositionStart(input);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.compositionEnd(input);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('にほん');
  });

  it('never sends empty or blank text; the send button is disabled', () => {
    const { onSend, input } = setup();
    expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   \n ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByTestId('send-button'));
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'x' } });
    expect((screen.getByTestId('send-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('does not send on Enter on mobile', () => {
    const { onSend, input } = setup({ isMobile: true });
    fireEvent.change(input, { target: { value: 'hi' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('send-button'));
    expect(onSend).toHaveBeenCalledWith('hi');
  });

  it('ignores Enter while submitting and shows the stop button', () => {
    const { onSend, onStop, input } = setup({ submitting: true, showStop: true });
    fireEvent.change(input, { target: { value: 'again' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByTestId('send-button')).toBeNull();
    fireEvent.click(screen.getByTestId('stop-button'));
    expect(onStop).toHaveBeenCalled();
    expect(input.value).toBe('again');
  });

  it('keeps the text when the send is refused', () => {
    const onSend = vi.fn(() => false);
    const { input } = setup({ onSend });
    fireEvent.change(input, { target: { value: 'keep me' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalled();
    expect(input.value).toBe('keep me');
  });

  it('is disabled with its placeholder when the last message is unfinished', () => {
    const { input } = setup({ disabled: true, placeholder: 'Edit your message or Regenerate.' });
    expect(input.disabled).toBe(true);
    expect(input.placeholder).toBe('Edit your message or Regenerate.');
  });

  it('replaces send with a configure-key button and a prompt while the key is missing; Enter does not send', () => {
    const onConfigure = vi.fn();
    const { onSend, input } = setup({ keyRequired: { endpointLabel: 'Google', onConfigure } });
    expect(screen.queryByTestId('send-button')).toBeNull();
    expect(screen.getByTestId('key-required').textContent).toBe('com_endpoint_config_key_required');
    fireEvent.change(input, { target: { value: 'hello' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('configure-key-button'));
    expect(onConfigure).toHaveBeenCalledOnce();
    expect(input.value).toBe('hello');
  });

  it('still shows stop over the configure-key button while a reply generates', () => {
    setup({
      submitting: true,
      showStop: true,
      keyRequired: { endpointLabel: 'Google', onConfigure: vi.fn() },
    });
    expect(screen.getByTestId('stop-button')).toBeTruthy();
    expect(screen.queryByTestId('configure-key-button')).toBeNull();
  });
});
