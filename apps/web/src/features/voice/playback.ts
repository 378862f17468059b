/*
 * Whatever reads a reply aloud (the browser's synthesis, the server's audio) says here how to stop
 * it, so leaving the conversation stops it without loading either's code.
 */

const stoppers = new Set<() => void>();

/** Registers a stop; returns its removal. */
export function onStopPlayback(stop: () => void): () => void {
  stoppers.add(stop);
  return () => stoppers.delete(stop);
}

/** Stops every reading in progress. */
export function stopAllPlayback(): void {
  for (const stop of stoppers) stop();
}
