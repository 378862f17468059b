import { i18n } from '../../../state/translator';
import blogManage from '../../../locales/chunks/blog-manage.en.json';

// Blog management's English ships with its chunk (locales/chunks/), not in the first paint's en.json.
i18n.addResourceBundle('en-US', 'translation', blogManage);
