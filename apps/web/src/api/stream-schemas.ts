// The schemas the browser checks replies of a stream with: zod loads with the first stream or stop
// (api/sse.ts, features/chat/stream/stop.ts), not with the page.
export { abortResponseSchema, streamEventSchemaFor } from '@chat/contract';
