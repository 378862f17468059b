import type { FirebaseSettings } from '../../../config/files-config.js';
import { AppError } from '../../../platform/errors.js';
import { bodyOf, storeFetch, streamBody } from './http-store.js';
import type { FileStorage } from './types.js';

/**
 * Files in Firebase Cloud Storage through its REST API (what Firebase's web SDK calls, as
 * LibreChat's firebase strategy does): FIREBASE_STORAGE_BUCKET, FIREBASE_API_KEY.
 */
export function firebaseStorage(s: FirebaseSettings): FileStorage {
  const objects = `${s.baseURL}/v0/b/${encodeURIComponent(s.bucket)}/o`;
  const objectURL = (key: string, alt?: 'media') => {
    const query = new URLSearchParams({ key: s.apiKey, ...(alt ? { alt } : {}) });
    return `${objects}/${encodeURIComponent(key)}?${query}`;
  };
  return {
    source: 'firebase',
    async put(key, body, contentType) {
      const query = new URLSearchParams({ uploadType: 'media', name: key, key: s.apiKey });
      const res = await storeFetch('firebase', `${objects}?${query}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: streamBody(body),
      });
      const meta = (await res.json()) as { size?: string | number };
      return { key, bytes: Number(meta.size ?? 0) };
    },
    async get(key) {
      return bodyOf(await storeFetch('firebase', objectURL(key, 'media')));
    },
    async delete(key) {
      try {
        const res = await storeFetch('firebase', objectURL(key), { method: 'DELETE' });
        await res.body?.cancel();
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'not_found')) throw err;
      }
    },
  };
}
