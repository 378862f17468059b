/** The language names live with the locale helpers: the public site's switch shows them too. */
export { LANGUAGE_NAMES, languageTag } from '../../config/language-names';
