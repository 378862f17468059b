import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider, useToast } from './Toast';

afterEach(cleanup);

describe('Toast timing', () => {
  it('comes in after the 100 ms toast delay, hidden until then', () => {
    function Trigger() {
      const toast = useToast();
      return <button onClick={() => toast.show({ message: 'Saved' })}>go</button>;
    }
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('go'));
    const style = screen.getByTestId('toast').style;
    expect(style.animationDelay).toBe('100ms');
    expect(style.animationFillMode).toBe('both');
    // Without a severity a toast reports a success.
    expect(screen.getByTestId('toast').getAttribute('data-severity')).toBe('success');
  });
});
