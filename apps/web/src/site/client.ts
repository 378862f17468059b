import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, LOCAL_KEYS } from '@chat/contract';
// The post's Markdown styles (code blocks, tables) and the highlighter's colours, as the chat and
// the editor preview have them: small, and cached for every public page.
import 'highlight.js/styles/github-dark.css';
import '../features/markdown/markdown.css';

/*
 * The only script of the server-rendered public pages: no React, a few behaviours on the markup
 * the components rendered (found by their data- attributes): the FAQ accordion, the landing
 * page's menu, the theme switch, the language choice and the blog's search.
 */

/** The accordion: buttons with aria-controls; click toggles, arrows / Home / End move focus. */
function accordion(root: HTMLElement): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button[aria-controls]')];
  buttons.forEach((button, i) => {
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(open));
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !open;
    });
    button.addEventListener('keydown', (e) => {
      const last = buttons.length - 1;
      const to = { ArrowDown: i === last ? 0 : i + 1, ArrowUp: i === 0 ? last : i - 1, Home: 0, End: last }[
        e.key
      ];
      if (to === undefined) return;
      e.preventDefault();
      buttons[to]?.focus();
    });
  });
}

/** The hover menu: opens on hover, focus within and click; Escape closes it and refocuses. */
function hoverMenu(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button[aria-controls]');
  const list = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !list) return;
  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  // A tap focuses the button (which opens the menu) before its click: the click toggles what was
  // there before the finger came down, so a tap opens a closed menu and closes an open one. A
  // mouse opened it by hovering: its click keeps it open.
  let before: boolean | undefined;
  root.addEventListener('pointerenter', (e) => {
    if (e.pointerType === 'mouse') set(true);
  });
  root.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'mouse') set(false);
  });
  button.addEventListener('pointerdown', (e) => (before = e.pointerType === 'mouse' ? false : isOpen()));
  root.addEventListener('focusin', () => set(true));
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) set(false);
  });
  button.addEventListener('click', () => {
    set(!(before ?? isOpen()));
    before = undefined;
  });
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !isOpen()) return;
    set(false);
    button.focus();
  });
}

/** The theme switch: the same preference the app keeps (boot.js applied it before paint). */
function themeToggle(button: HTMLElement): void {
  const root = document.documentElement;
  const label = () => {
    const dark = root.classList.contains('dark');
    button.setAttribute('aria-label', button.dataset[dark ? 'labelDark' : 'labelLight'] ?? '');
  };
  label();
  button.addEventListener('click', () => {
    const dark = !root.classList.contains('dark');
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    try {
      localStorage.setItem(LOCAL_KEYS.theme, dark ? 'dark' : 'light');
    } catch {
      // storage unavailable: this page only
    }
    label();
  });
}

/** The language choice: kept for the server (cookie) and the app (local storage), then reloaded. */
function languageSwitch(select: HTMLSelectElement): void {
  select.addEventListener('change', () => {
    const lang = select.value;
    try {
      localStorage.setItem(LOCAL_KEYS.lang, lang);
    } catch {
      // storage unavailable: the cookie still tells the server
    }
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
    location.reload();
  });
}

/**
 * The blog's search: the cards that match stay in the grid (the others are taken out, in order,
 * and put back when they match again); the no-match note shows when none does.
 */
function blogSearch(input: HTMLInputElement): void {
  const grid = document.querySelector<HTMLElement>('[data-blog-cards]');
  const none = document.querySelector<HTMLElement>('[data-blog-no-match]');
  if (!grid) return;
  const cards = [...grid.querySelectorAll<HTMLElement>('[data-search]')];
  const filter = () => {
    const q = input.value.trim().toLowerCase();
    const shown = cards.filter((card) => !q || (card.dataset.search ?? '').includes(q));
    grid.replaceChildren(...shown);
    if (none) none.hidden = shown.length > 0;
  };
  input.addEventListener('input', filter);
  // A value the browser restored (back / forward) filters at once.
  if (input.value) filter();
}

const each = <T extends Element>(selector: string, run: (el: T) => void) =>
  document.querySelectorAll<T>(selector).forEach(run);

each<HTMLElement>('[data-accordion]', accordion);
each<HTMLElement>('[data-hover-menu]', hoverMenu);
each<HTMLElement>('[data-theme-toggle]', themeToggle);
each<HTMLSelectElement>('[data-language-switch]', languageSwitch);
each<HTMLInputElement>('[data-blog-search]', blogSearch);
