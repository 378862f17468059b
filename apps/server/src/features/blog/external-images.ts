import { BLOG_LIMITS, BLOG_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { sniffImage, type ImageMime } from '../../platform/files/upload.js';
import { safeFetch } from '../../platform/net/safe-fetch.js';
import type { SsrfPolicy } from '../../platform/net/ssrf.js';

export interface ExternalImage {
  body: Buffer;
  mime: ImageMime;
}

export interface ExternalImagesDeps {
  /** Whether some post names this URL as its featured image: no other URL is fetched. */
  isFeatured(url: string): Promise<boolean>;
  /** The operator's SSRF policy for addresses users chose (USER_URL_ALLOW). */
  policy?: SsrfPolicy | undefined;
  now(): number;
}

const unavailable = () => new AppError('not_found', BLOG_TEXTS.externalImageUnavailable);

/**
 * Featured images kept at other sites, served by the app so the page's CSP need not allow their
 * origins (which a reply's markdown image could then reach as well). Only a URL a post names is
 * fetched, through safeFetch (no private addresses, every redirect checked, a time and size
 * limit), and only a JPEG, PNG or WebP by its bytes is answered. Fetched images are kept in memory
 * for a while (one fetch for many readers; the bytes capped), and so is a failure, so a busy page
 * costs the other site one request.
 */
export function createExternalImages(deps: ExternalImagesDeps) {
  const ttlMs = BLOG_LIMITS.externalImageCacheSeconds * 1000;
  /** Insertion order is recency: the first entry goes first when the bytes are over the cap. */
  const kept = new Map<string, ExternalImage & { until: number }>();
  const failed = new Map<string, number>();
  const pending = new Map<string, Promise<ExternalImage>>();
  let keptBytes = 0;

  function forget(url: string): void {
    const old = kept.get(url);
    if (!old) return;
    kept.delete(url);
    keptBytes -= old.body.length;
  }

  function keep(url: string, image: ExternalImage): void {
    forget(url);
    kept.set(url, { ...image, until: deps.now() + ttlMs });
    keptBytes += image.body.length;
    for (const [oldest] of kept) {
      if (keptBytes <= BLOG_LIMITS.externalImageCacheBytes) break;
      forget(oldest);
    }
  }

  async function download(url: string): Promise<ExternalImage> {
    try {
      const res = await safeFetch(
        url,
        { headers: { accept: 'image/webp,image/png,image/jpeg' } },
        {
          ...deps.policy,
          timeoutMs: BLOG_LIMITS.externalImageTimeoutMs,
          maxResponseBytes: BLOG_LIMITS.imageMaxBytes,
        },
      );
      if (!res.ok) {
        await res.body?.cancel();
        throw unavailable();
      }
      const body = Buffer.from(await res.arrayBuffer());
      const type = sniffImage(body);
      if (!type) throw unavailable();
      return { body, mime: type.mime };
    } catch {
      failed.set(url, deps.now() + ttlMs / 60);
      throw unavailable();
    }
  }

  return {
    async get(url: string): Promise<ExternalImage> {
      const hit = kept.get(url);
      if (hit && hit.until > deps.now()) {
        kept.delete(url);
        kept.set(url, hit);
        return hit;
      }
      forget(url);
      if ((failed.get(url) ?? 0) > deps.now()) throw unavailable();
      failed.delete(url);
      let loading = pending.get(url);
      if (!loading) {
        if (!(await deps.isFeatured(url))) throw unavailable();
        loading = pending.get(url);
      }
      if (!loading) {
        loading = download(url)
          .then((image) => {
            keep(url, image);
            return image;
          })
          .finally(() => pending.delete(url));
        pending.set(url, loading);
      }
      return loading;
    },
  };
}
