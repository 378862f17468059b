import { SCREENSHOT_BACKGROUND } from './options';

/** The screenshot's background for the theme the page shows (the root's `dark` class). */
export function screenshotBackground(root: Element = document.documentElement): string {
  return root.classList.contains('dark') ? SCREENSHOT_BACKGROUND.dark : SCREENSHOT_BACKGROUND.light;
}

/** The rendered messages of the chat view (the scrolled content, not only what is in sight). */
export function messagesNode(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-testid="message-list"] > div');
}

/**
 * A PNG of the messages as they are rendered. html-to-image is loaded only here, on demand, so
 * no other screen pays for it.
 */
export async function screenshotPng(node: HTMLElement): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  const blob = await toBlob(node, {
    backgroundColor: screenshotBackground(),
    pixelRatio: Math.min(window.devicePixelRatio || 1, 2),
    width: node.scrollWidth,
    height: node.scrollHeight,
    // Buttons (copy, edit, sibling arrows) are controls, not part of the conversation.
    filter: (el) => !(el instanceof HTMLButtonElement),
  });
  if (!blob) throw new Error('The screenshot could not be made');
  return blob;
}
