import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../ja-JP.json', '../../features/**/locales/ja-JP.json'], { eager: true, import: 'default' }),
);
