/**
 * Artifacts: code a model marks, in LibreChat's `:::artifact{identifier type title}` directive,
 * to be shown in a side panel with a live preview. The modes are LibreChat's `ArtifactModes`
 * (an agent's or the ephemeral agent's `artifacts` field).
 */
export const ARTIFACT_MODES = ['default', 'shadcnui', 'custom'] as const;
export type ArtifactMode = (typeof ARTIFACT_MODES)[number];

/** The content types the panel knows; any other type is shown as code only. */
export const ARTIFACT_TYPES = {
  html: 'text/html',
  codeHtml: 'application/vnd.code-html',
  svg: 'image/svg+xml',
  mermaid: 'application/vnd.mermaid',
  react: 'application/vnd.react',
  markdown: 'text/markdown',
  md: 'text/md',
} as const;

export const ARTIFACT_LIMITS = {
  /** An identifier: kebab-case as the instructions ask, short enough for a key. */
  identifierMaxChars: 120,
  /** A title as the card and the panel show it (longer ones are cut). */
  titleMaxChars: 200,
} as const;

/** The path of the preview frame's page: served apart, with a policy that forbids every request. */
export const ARTIFACT_SANDBOX_PATH = '/artifacts/sandbox.html';
