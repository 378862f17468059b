import { describe, expect, it } from 'vitest';
import { screenshotBackground } from './screenshot';

describe('screenshotBackground', () => {
  it('is #343541 in the dark theme and white in the light one', () => {
    const root = document.createElement('html');
    root.classList.add('dark');
    expect(screenshotBackground(root)).toBe('#343541');
    root.classList.remove('dark');
    expect(screenshotBackground(root)).toBe('#ffffff');
  });
});
