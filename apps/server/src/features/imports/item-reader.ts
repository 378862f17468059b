import { createRequire } from 'node:module';
import type * as StreamParser from '@streamparser/json';
import { IMPORT_LIMITS } from '@chat/contract';

const BOM = [0xef, 0xbb, 0xbf];

/** The file is not a readable export: not JSON, cut short, or not a list of conversations. */
export class MalformedFile extends Error {
  constructor(
    message: string,
    readonly code: 'validation_error' | 'payload_too_large' = 'validation_error',
  ) {
    super(message);
  }
}

/** The streaming JSON parser, loaded by the first import rather than at start-up. */
function streamParser(): typeof StreamParser {
  return createRequire(import.meta.url)('@streamparser/json') as typeof StreamParser;
}

export interface ItemReader {
  /** Feeds the next bytes; returns the conversations they completed, in file order. */
  write(chunk: Uint8Array): unknown[];
  /** The file ended: the last conversations, or MalformedFile when it stopped mid-value. */
  end(): unknown[];
}

/**
 * Reads an export one conversation at a time, never the whole file: a top-level list gives each
 * element as it completes (the parser keeps nothing of the elements already given), a top-level
 * object is one conversation. A conversation larger than IMPORT_LIMITS.maxConversationBytes
 * stops the reading, so memory stays bounded by it whatever the file's size.
 */
export function createItemReader(maxItemBytes: number = IMPORT_LIMITS.maxConversationBytes): ItemReader {
  let parser: StreamParser.JSONParser | undefined;
  let ready: unknown[] = [];
  let failure: Error | undefined;
  let bytesSinceItem = 0;
  let started = false;
  let bomAt = 0;

  const start = (first: number): void => {
    // '[' a list of conversations (ChatGPT's conversations.json), '{' one conversation.
    if (first !== 0x5b && first !== 0x7b) {
      throw new MalformedFile(
        'The file is not a JSON export: it must hold a list of conversations or one conversation',
      );
    }
    const { JSONParser: Parser } = streamParser();
    parser = new Parser({ paths: [first === 0x5b ? '$.*' : '$'], keepStack: false });
    parser.onValue = ({ value }) => {
      ready.push(value);
      bytesSinceItem = 0;
    };
    parser.onError = (err) => {
      failure ??= err;
    };
    started = true;
  };

  // The conversations completed before a fault are still given; the fault is thrown on the next call.
  const take = (): unknown[] => {
    if (failure && ready.length === 0) {
      throw new MalformedFile(`The file is not valid JSON: ${failure.message.slice(0, 200)}`);
    }
    const out = ready;
    ready = [];
    return out;
  };

  return {
    write(input) {
      if (failure) return take();
      let chunk = input;
      if (!started) {
        // Before the first value: a byte-order mark (possibly split across chunks) and whitespace.
        let at = 0;
        for (; at < chunk.length; at++) {
          const b = chunk[at]!;
          if (bomAt < BOM.length && b === BOM[bomAt]) bomAt++;
          else if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) bomAt = BOM.length;
          else break;
        }
        if (at === chunk.length) return [];
        chunk = chunk.subarray(at);
        start(chunk[0]!);
      }
      try {
        parser!.write(chunk);
      } catch (err) {
        failure ??= err instanceof Error ? err : new Error(String(err));
      }
      bytesSinceItem += chunk.length;
      if (bytesSinceItem > maxItemBytes && ready.length === 0 && !failure) {
        throw new MalformedFile(
          `A conversation in the file is larger than ${Math.round(maxItemBytes / 1024 / 1024)} MB`,
          'payload_too_large',
        );
      }
      return take();
    },
    end() {
      if (failure) return take();
      if (!started) throw new MalformedFile('The file is empty');
      try {
        if (!parser!.isEnded) parser!.end();
      } catch (err) {
        failure ??= err instanceof Error ? err : new Error(String(err));
      }
      return take();
    },
  };
}
