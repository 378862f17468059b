import { config } from 'zod';

/**
 * The CSP allows no `unsafe-eval`. zod compiles object schemas into functions with `new Function`
 * unless told not to, and probes whether it may by trying one: under the CSP that probe alone is
 * a violation the browser reports, even though zod catches the error. Jitless, zod neither probes
 * nor compiles. The web entry imports this first (`@chat/contract/no-eval`), before any schema is
 * built: the contract's schemas are built when their modules load. The server has no CSP and
 * keeps the compiled parsers.
 */
config({ jitless: true });
