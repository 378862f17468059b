import sanitizeHtml from 'sanitize-html';

/** Inline images may be data URLs of raster types only (never SVG, never HTML). */
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'mark',
    'small',
    'kbd',
    'abbr',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // No style, class or id anywhere; no event handlers (never listed, so dropped).
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their content, not just their tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'template',
    'xmp',
    'noembed',
    'noframes',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      if (!src.toLowerCase().startsWith('data:') || DATA_IMAGE.test(src)) return { tagName, attribs };
      const { src: _dropped, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
  },
};

/**
 * Cleans HTML written by users (blog posts, profile text, anything rendered as HTML) to a strict
 * allow-list: text formatting, lists, tables, links (http/https/mailto, always
 * `rel="noopener noreferrer nofollow"`) and images (http/https or raster data URLs). No script,
 * style, iframe, form, SVG/MathML, event handler, style/class attribute or javascript:/data: link.
 */
export function sanitizeUserHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
