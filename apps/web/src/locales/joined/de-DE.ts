import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../de-DE.json', '../../features/**/locales/de-DE.json'], { eager: true, import: 'default' }),
);
