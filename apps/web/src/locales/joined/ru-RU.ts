import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../ru-RU.json', '../../features/**/locales/ru-RU.json'], { eager: true, import: 'default' }),
);
