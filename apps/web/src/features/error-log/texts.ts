import { i18n } from '../../state/translator';
import errorLog from '../../locales/chunks/error-log.en.json';

// The error log's English ships with the admin chunk (locales/chunks/), not in en.json.
i18n.addResourceBundle('en-US', 'translation', errorLog);
