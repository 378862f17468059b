import { ARTIFACT_TYPES, type ArtifactMode } from '@chat/contract';
import type { ProviderMessage } from '../../providers/types.js';
import type { AskPromptShaper } from '../ask/index.js';

/**
 * What the model is told when artifacts are on: how to mark a self-contained piece of work so the
 * client can show it in its panel, in the directive form the client parses.
 */
const INSTRUCTIONS = `You can create artifacts: self-contained pieces of work (a web page, an image, a diagram, an interactive component) that the user sees in a panel beside the conversation, with a live preview.

Make an artifact only for substantial content the user is likely to keep, reuse or change (more than about 15 lines, understandable without the conversation). Answer short questions, small snippets and explanations in the message itself. One artifact per message unless the user asks for more.

To make one, write exactly this form, then continue your message after it:

:::artifact{identifier="kebab-case-name" type="mime-type" title="Short title"}
\`\`\`
the complete content
\`\`\`
:::

- identifier: a descriptive kebab-case name. To change an earlier artifact, reuse its identifier: the user then sees the versions side by side.
- title: a few words saying what it is.
- type, one of:
  - "${ARTIFACT_TYPES.html}": one HTML page with its CSS and JavaScript inline.
  - "${ARTIFACT_TYPES.svg}": one SVG image; give it a viewBox rather than a fixed width and height.
  - "${ARTIFACT_TYPES.mermaid}": a Mermaid diagram.
  - "${ARTIFACT_TYPES.react}": a React function component with no required props, as the default export. Import hooks from "react" (import { useState } from "react"); no other library can be imported.
  - "${ARTIFACT_TYPES.markdown}": a Markdown document.
- The preview runs with no network at all: no external scripts, stylesheets, fonts or images, and no fetch. Draw with inline SVG, CSS or data: URLs instead.
- Always write the whole content, never "the rest stays the same" or placeholders.
- Always put the content inside a triple-backtick fence within the directive.`;

/** Said besides for LibreChat's shadcn/ui mode: its components are not offered by this preview. */
const SHADCN_NOTE = `

shadcn/ui components cannot be imported here: build the interface from plain elements and inline styles (class names are not styled).`;

/** The instructions for a mode: none for `custom` (the conversation's own prompt says how). */
function artifactInstructions(mode: ArtifactMode | '' | null | undefined): string | null {
  if (mode === 'default') return INSTRUCTIONS;
  if (mode === 'shadcnui') return INSTRUCTIONS + SHADCN_NOTE;
  return null;
}

/**
 * Adds the artifacts instructions to the system context while the ask's `ephemeralAgent.artifacts`
 * turns them on, as one system message after those already leading the request (the model's
 * configured prompt, the conversation's own), which keep their place.
 */
export function artifactsShaper(): AskPromptShaper {
  return {
    name: 'artifacts',
    shape({ input }, request) {
      const text = artifactInstructions(input.body.ephemeralAgent?.artifacts);
      if (!text) return Promise.resolve(request);
      const lead = request.messages.findIndex((m) => m.role !== 'system');
      const at = lead < 0 ? request.messages.length : lead;
      const message: ProviderMessage = { role: 'system', content: text };
      return Promise.resolve({
        ...request,
        messages: [...request.messages.slice(0, at), message, ...request.messages.slice(at)],
      });
    },
  };
}
