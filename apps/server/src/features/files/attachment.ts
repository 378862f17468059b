import {
  endpointFileConfig,
  FILE_UPLOADS_DISABLED_TEXT,
  isVisionModel,
  type MessageFile,
} from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { MessageRow } from '../../db/schema.js';
import type { ProviderContentPart } from '../../providers/types.js';
import type { AskAttachment, StepContext } from '../ask/index.js';
import type { FilesService } from './service.js';

type AttachContext = Parameters<AskAttachment['attach']>[0];

/** The user message this turn sends (its files), and its parent, by the turn's mode. */
function turnFiles(ctx: AttachContext): { files: readonly MessageFile[]; parentId: string | undefined } {
  const { body } = ctx.input;
  const { byId, mode } = ctx.history;
  if (mode === 'ask') return { files: body.files ?? [], parentId: body.parentMessageId };
  const request: MessageRow | undefined =
    mode === 'regenerate'
      ? byId.get(body.parentMessageId)
      : byId.get(byId.get(body.responseMessageId ?? '')?.parentMessageId ?? '');
  return { files: request?.files ?? [], parentId: request?.parentMessageId };
}

const optionsOf = (ctx: StepContext & { history: AttachContext['history'] }) => {
  const saved = ctx.history.existing?.options;
  return {
    detail: ctx.input.body.imageDetail ?? saved?.imageDetail ?? 'auto',
    resend: ctx.input.body.resendImages ?? saved?.resendImages ?? false,
  };
};

/**
 * Images to the model (askAttachments): this turn's files, checked to be the user's own (a file
 * of another user or an unknown id refuses the ask before anything is saved), as image parts
 * when the model reads images; with resendImages, the images of earlier user messages of the
 * branch too. OpenAI's protocol gets the conversation's imageDetail.
 */
export function filesAttachment(files: FilesService): AskAttachment {
  const parts = async (userId: string, refs: readonly MessageFile[], detail: 'low' | 'auto' | 'high') => {
    // Documents for file search ride on messages too: the model gets their passages through the
    // tool, never their bytes as an image.
    const rows = (await files.messageFiles(userId, refs)).filter((r) => r.type.startsWith('image/'));
    return Promise.all(
      rows.map(async (row): Promise<ProviderContentPart> => ({
        type: 'image',
        url: await files.dataURL(row),
        mediaType: row.type,
        detail,
      })),
    );
  };
  return {
    name: 'files',
    async attach(ctx) {
      const { files: refs } = turnFiles(ctx);
      if (refs.length === 0) return [];
      // Files on an endpoint whose file config disables them are refused, however they were uploaded.
      if (ctx.history.mode === 'ask' && endpointFileConfig(files.config(), ctx.endpoint.name).disabled)
        throw new AppError('forbidden', FILE_UPLOADS_DISABLED_TEXT);
      if (!isVisionModel(ctx.model)) {
        await files.messageFiles(ctx.input.userId, refs);
        return [];
      }
      return parts(ctx.input.userId, refs, optionsOf(ctx).detail);
    },
    async earlier(ctx) {
      const out = new Map<string, ProviderContentPart[]>();
      const { resend, detail } = optionsOf(ctx);
      if (!resend || !isVisionModel(ctx.model)) return out;
      const seen = new Set<string>();
      let cur = ctx.history.byId.get(turnFiles(ctx).parentId ?? '');
      while (cur && !seen.has(cur.messageId)) {
        seen.add(cur.messageId);
        if (cur.isCreatedByUser && cur.files?.length) {
          // A file deleted since is left out, not an error: the message stays askable.
          const owned = await files.ownedOf(ctx.input.userId, cur.files);
          if (owned.length > 0) out.set(cur.messageId, await parts(ctx.input.userId, owned, detail));
        }
        cur = ctx.history.byId.get(cur.parentMessageId);
      }
      return out;
    },
  };
}
