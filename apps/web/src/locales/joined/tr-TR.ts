import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../tr-TR.json', '../../features/**/locales/tr-TR.json'], { eager: true, import: 'default' }),
);
