import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { EndpointIcon } from './EndpointIcon';

afterEach(cleanup);

const iconOf = (iconURL: string | undefined) => {
  const { container } = render(<EndpointIcon type="custom" iconURL={iconURL} testId="icon" />);
  return container.querySelector('[data-testid="icon"]');
};

describe('EndpointIcon', () => {
  it('reuses a built-in icon an iconURL names by its key, as LibreChat does', () => {
    expect(iconOf('anthropic')?.getAttribute('data-icon')).toBe('anthropic');
    expect(iconOf('assistants')?.getAttribute('data-icon')).toBe('assistant');
    expect(iconOf(undefined)?.getAttribute('data-icon')).toBe('custom');
  });

  it('shows any other iconURL as an image, a path or a URL', () => {
    for (const url of ['/assets/my-icon.svg', 'https://example.com/icon.png']) {
      const img = iconOf(url);
      expect(img?.tagName).toBe('IMG');
      expect(img?.getAttribute('src')).toBe(url);
      cleanup();
    }
  });
});
