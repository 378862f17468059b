/* Characters no common file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const RESERVED = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const WINDOWS_DEVICES = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
/** Leaves room for the extension within the usual 255-character limit. */
const MAX_NAME = 200;

/**
 * A file name made from a conversation's title: reserved characters become "_", leading and
 * trailing dots and spaces go, Windows device names get a "_" prefix, the length is capped
 * (never splitting a surrogate pair), and an empty result is "file".
 */
export function sanitizeFileName(title: string | null | undefined): string {
  let name = (title ?? '').normalize('NFC').replace(RESERVED, '_').replace(/\s+/g, ' ');
  name = name.replace(/^[\s.]+|[\s.]+$/g, '');
  if (WINDOWS_DEVICES.test(name)) name = `_${name}`;
  if (name.length > MAX_NAME) {
    const cut = /[\uD800-\uDBFF]/.test(name[MAX_NAME - 1] ?? '') ? MAX_NAME - 1 : MAX_NAME;
    name = name.slice(0, cut).replace(/[\s.]+$/, '');
  }
  return name || 'file';
}

/** The name with the type's extension, unless the person typed it already. */
export function withExtension(name: string, extension: string): string {
  const clean = sanitizeFileName(name);
  return clean.toLowerCase().endsWith(`.${extension}`) ? clean : `${clean}.${extension}`;
}
