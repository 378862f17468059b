/**
 * The `data` of each server-sent event in a response body, for the upstreams we read without an
 * SDK (the ChatGPT web backend). Events end at a blank line; `data:` lines of one event are joined
 * by newlines; comments and other fields are skipped. UTF-8 split across reads is kept whole.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      buffer = buffer.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
        if (data.length > 0) yield data.join('\n');
      }
      if (done) {
        if (buffer.trim().startsWith('data:')) yield buffer.trim().slice(5).trimStart();
        return;
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}
