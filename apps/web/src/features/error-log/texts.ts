import { i18n } from '../../state/translator';
import english from './locales/en.json';

// The error log's English ships with the admin chunk, not with the first paint (app/i18n.ts leaves
// this folder out of the English it bundles); its other languages load with each language's dictionary.
i18n.addResourceBundle('en-US', 'translation', english);
