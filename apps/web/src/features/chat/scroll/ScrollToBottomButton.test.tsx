import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ScrollToBottomButton } from './ScrollToBottomButton';

vi.mock('../../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

afterEach(cleanup);

describe('ScrollToBottomButton', () => {
  it('comes in with the 400 ms scroll-down transition', () => {
    render(<ScrollToBottomButton onClick={() => undefined} />);
    const style = screen.getByTestId('scroll-to-bottom').style;
    expect(style.animationName).toBe('scroll-down-in');
    expect(style.animationDuration).toBe('400ms');
  });
});
