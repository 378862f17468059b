import admin from './admin.en.json';
import errorLog from './error-log.en.json';
import blogManage from './blog-manage.en.json';

/**
 * English texts that ship with a route chunk instead of the first paint's en.json (the chunk adds
 * them to English when it loads: `i18n.addResourceBundle`). Every other language keeps them in its
 * one dictionary; the locales test and `npm run i18n:check` read them as English like en.json.
 */
export const CHUNK_ENGLISH = { ...admin, ...errorLog, ...blogManage };
