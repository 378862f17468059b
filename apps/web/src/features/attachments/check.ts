import { UPLOAD_LIMITS, type EndpointFileConfig, type FileErrorKind } from '@chat/contract';

/** What the checks need of an attachment already in the input. */
export interface HeldFile {
  name: string;
  size: number;
  type: string;
}

const DEFAULT_LIMITS: EndpointFileConfig = {
  disabled: false,
  fileLimit: UPLOAD_LIMITS.maxFiles,
  fileSizeLimit: UPLOAD_LIMITS.maxFileBytes,
  totalSizeLimit: UPLOAD_LIMITS.maxTotalBytes,
  supportedMimeTypes: [...UPLOAD_LIMITS.imageTypes],
};

/** A JPEG, PNG or WEBP by its declared type, or its extension when the browser gives none. */
function supported(file: HeldFile, types: readonly string[]): boolean {
  if (file.type) return types.includes(file.type === 'image/jpg' ? 'image/jpeg' : file.type);
  return /\.(jpe?g|png|webp)$/i.test(file.name);
}

/**
 * The spec's checks before an upload, in its order: at most 10 at a time
 * (nothing is taken then), each a JPEG/PNG/WEBP under 20 MB, 25 MB in all, no duplicate (same
 * name, size and type) of one already held or picked with it. Answers the files taken and the
 * kinds of error met, each once (the server checks again, by content).
 */
export function checkFiles(
  held: readonly HeldFile[],
  picked: readonly File[],
  limits: EndpointFileConfig = DEFAULT_LIMITS,
): { accepted: File[]; errors: FileErrorKind[] } {
  const errors = new Set<FileErrorKind>();
  if (held.length + picked.length > limits.fileLimit) return { accepted: [], errors: ['tooMany'] };
  const accepted: File[] = [];
  let total = held.reduce((sum, f) => sum + f.size, 0);
  const same = (a: HeldFile, b: HeldFile) => a.name === b.name && a.size === b.size && a.type === b.type;
  for (const file of picked) {
    if (!supported(file, limits.supportedMimeTypes)) {
      errors.add('unsupported');
      continue;
    }
    if (file.size > limits.fileSizeLimit) {
      errors.add('tooLarge');
      continue;
    }
    if (total + file.size > limits.totalSizeLimit) {
      errors.add('totalTooLarge');
      continue;
    }
    if (held.some((h) => same(h, file)) || accepted.some((a) => same(a, file))) {
      errors.add('duplicate');
      continue;
    }
    total += file.size;
    accepted.push(file);
  }
  return { accepted, errors: [...errors] };
}
