export * from './endpoints.js';
export * from './limits.js';
export * from './errors.js';
export * from './entities.js';
export * from './api.js';
export * from './sse.js';
export * from './search.js';
export * from './titles.js';
