import { createOpenAI } from '@ai-sdk/openai';
import { PLUGIN_KEYS } from '@chat/contract';
import type { Credentials } from '../../../providers/credentials.js';
import { mapProviderError } from '../../../providers/errors.js';
import { argsObject, stringArg, type PluginDefinition } from './types.js';

/** A generated image larger than this (base64 characters) is refused rather than stored in a reply. */
const MAX_IMAGE_BASE64 = 8 * 1024 * 1024;
const SIZES = ['1024x1024', '1792x1024', '1024x1792', '1536x1024', '1024x1536'] as const;
type Size = (typeof SIZES)[number];

/**
 * Image generation through the OpenAI Images API of the configured endpoint (the gptPlugins
 * endpoint's URL and key, or the user's own key when it is user-provided). The image is added to
 * the reply as a data: URL; the model is only told that it was made.
 */
export function dallePlugin(opts: {
  model: string;
  credentials: (userId: string) => Promise<Credentials>;
}): PluginDefinition {
  return {
    key: PLUGIN_KEYS.dalle,
    name: 'DALL-E',
    description: 'Create realistic images and art from a description in natural language.',
    toolDescription:
      'Generates one image from a detailed description. The image is shown to the user after your ' +
      'answer: do not repeat or link it, describe it briefly instead.',
    icon: '/assets/plugins/dalle.svg',
    authConfig: [],
    parameters: {
      type: 'object',
      properties: {
        prompt: { type: 'string', description: 'A detailed description of the image' },
        size: { type: 'string', enum: [...SIZES], description: 'Default 1024x1024' },
      },
      required: ['prompt'],
      additionalProperties: false,
    },
    async run(args, { userId, signal }) {
      const prompt = stringArg(args, 'prompt', 4000);
      const given = argsObject(args).size;
      const size: Size = SIZES.find((s) => s === given) ?? '1024x1024';
      const creds = await opts.credentials(userId);
      const openai = createOpenAI({
        apiKey: creds.apiKey,
        ...(creds.baseURL ? { baseURL: creds.baseURL } : {}),
        ...(creds.fetch ? { fetch: creds.fetch } : {}),
      });
      let base64: string;
      let mediaType: string;
      try {
        // The `ai` package (~20 MB of RSS) is loaded by the first image, not at start-up.
        const { generateImage } = await import('ai');
        const { image } = await generateImage({
          model: openai.image(opts.model),
          prompt,
          size,
          n: 1,
          maxRetries: 0,
          abortSignal: signal,
        });
        base64 = image.base64;
        mediaType = image.mediaType;
      } catch (err) {
        // The user and the model read a sentence (the upstream's words for an HTTP error); what the
        // network or TLS layer said stays with the cause, which the plugin's log line carries.
        const failure = new Error(`The image could not be generated: ${mapProviderError(err).message}`);
        failure.cause = err;
        throw failure;
      }
      if (base64.length > MAX_IMAGE_BASE64) throw new Error('The generated image is too large to show');
      const alt = prompt.replace(/[[\]\n\r]/g, ' ').slice(0, 100);
      return {
        output: 'The image was generated and is shown to the user below your answer.',
        attachment: `![${alt}](data:${mediaType};base64,${base64})`,
      };
    },
  };
}
