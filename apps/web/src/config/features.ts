/**
 * Parts of the product that are not built yet. Whatever leads to them (a menu item, a link) is
 * hidden until the flag is turned on, so nothing links to a page that does not exist. One place:
 * turn a flag on in the change that adds its page (the FAQ: a /faq route, business §2).
 */
export const FEATURES = {
  /** The user menu's Help & FAQ item (business §3 user menu; the FAQ page of business §2). */
  faq: false,
} as const;
