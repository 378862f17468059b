import { i18n } from '../../state/translator';
import admin from '../../locales/chunks/admin.en.json';

// The panel's English ships with its chunk (locales/chunks/), not in the first paint's en.json.
i18n.addResourceBundle('en-US', 'translation', admin);
