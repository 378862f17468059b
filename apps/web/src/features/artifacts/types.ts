import { ARTIFACT_TYPES } from '@chat/contract';

/** How the card and the panel name a type: format names, the same in every language. */
export function typeLabel(type: string): string {
  switch (type) {
    case ARTIFACT_TYPES.html:
    case ARTIFACT_TYPES.codeHtml:
      return 'HTML';
    case ARTIFACT_TYPES.svg:
      return 'SVG';
    case ARTIFACT_TYPES.mermaid:
      return 'Mermaid';
    case ARTIFACT_TYPES.react:
      return 'React';
    case ARTIFACT_TYPES.markdown:
    case ARTIFACT_TYPES.md:
      return 'Markdown';
    default:
      return type;
  }
}

/** The file name's extension of a download. */
export function extensionOf(type: string, language: string): string {
  switch (type) {
    case ARTIFACT_TYPES.html:
    case ARTIFACT_TYPES.codeHtml:
      return 'html';
    case ARTIFACT_TYPES.svg:
      return 'svg';
    case ARTIFACT_TYPES.mermaid:
      return 'mmd';
    case ARTIFACT_TYPES.react:
      return 'tsx';
    case ARTIFACT_TYPES.markdown:
    case ARTIFACT_TYPES.md:
      return 'md';
    default:
      return /^[a-z0-9]{1,8}$/i.test(language) ? language : 'txt';
  }
}

/** Types the panel previews in its sandboxed frame. */
export const FRAMED_TYPES: readonly string[] = [
  ARTIFACT_TYPES.html,
  ARTIFACT_TYPES.codeHtml,
  ARTIFACT_TYPES.svg,
  ARTIFACT_TYPES.mermaid,
  ARTIFACT_TYPES.react,
];
/** Types the panel previews as Markdown (escaped as every reply is). */
export const MARKDOWN_TYPES: readonly string[] = [ARTIFACT_TYPES.markdown, ARTIFACT_TYPES.md];
