import './texts';
import { UPLOAD_LIMITS } from '@chat/contract';

/** The file types the avatar takes (.png and .jpg, at most 2 MB). */
export const AVATAR_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
const EXTENSIONS = /\.(png|jpe?g)$/i;

/**
 * The i18n key of what is wrong with a chosen avatar file, or null when it may be uploaded. A
 * first check for the person; the server checks the content again.
 */
export function avatarFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const typeOk = (UPLOAD_LIMITS.avatarTypes as readonly string[]).includes(file.type);
  if (!typeOk || !EXTENSIONS.test(file.name)) return 'com_nav_avatar_invalid';
  if (file.size === 0 || file.size > UPLOAD_LIMITS.avatarMaxBytes) return 'com_nav_avatar_invalid';
  return null;
}

/** The multipart body of POST /api/files/images/avatar: the file as `input`, and `manual`. */
export function avatarForm(file: Blob, name: string): FormData {
  const form = new FormData();
  form.append('input', file, name);
  form.append('manual', 'true');
  return form;
}
