import { REPLACEMENT_CHAR, toStorable } from '../platform/storable.js';
import { filteredProvider, type EventFilter } from './event-push.js';
import { ProviderFailure, type ChatProvider, type ProviderEmit } from './types.js';

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * A stream whose text is storable: NUL and unpaired surrogates become U+FFFD (a model can emit
 * them; PostgreSQL refuses NUL, and a lone surrogate would be saved differently from how it was
 * streamed). A high surrogate at the end of one delta is held back until the next one, so an
 * emoji split across two chunks stays whole; one left at the end of the stream is replaced.
 */
export function storableFilter(emit: ProviderEmit): EventFilter {
  let pending = '';
  return {
    event(ev) {
      if (ev.type === 'text') {
        let text = pending + ev.text;
        pending = '';
        if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
          pending = text.slice(-1);
          text = text.slice(0, -1);
        }
        if (text) emit({ type: 'text', text: toStorable(text) });
        return;
      }
      if (pending) emit({ type: 'text', text: REPLACEMENT_CHAR });
      pending = '';
      if (ev.type === 'error')
        emit({ type: 'error', error: { ...ev.error, message: toStorable(ev.error.message) } });
      else if (ev.type === 'reasoning') emit({ type: 'reasoning', text: toStorable(ev.text) });
      else if (ev.type === 'tool-call') {
        const { id, name, arguments: args } = ev.call;
        emit({
          type: 'tool-call',
          call: { id: toStorable(id), name: toStorable(name), arguments: toStorable(args) },
        });
      } else emit(ev);
    },
    end() {
      // Ended without finish/error (an abort): what was held back was a lone surrogate.
      if (pending) emit({ type: 'text', text: REPLACEMENT_CHAR });
      pending = '';
    },
  };
}

/**
 * The one place upstream text enters the app: every adapter the registry builds is wrapped, so
 * replies, titles and provider error messages are all storable whatever the upstream sends.
 */
export function storableProvider(inner: ChatProvider): ChatProvider {
  return filteredProvider(inner, storableFilter, async (req, signal) => {
    try {
      const { text, toolCalls } = await inner.complete(req, signal);
      return {
        text: toStorable(text),
        toolCalls: toolCalls.map((c) => ({
          ...c,
          name: toStorable(c.name),
          arguments: toStorable(c.arguments),
        })),
      };
    } catch (err) {
      if (err instanceof ProviderFailure) {
        throw new ProviderFailure({ ...err.error, message: toStorable(err.error.message) });
      }
      throw err;
    }
  });
}
