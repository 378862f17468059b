import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../vi-VN.json', '../../features/**/locales/vi-VN.json'], { eager: true, import: 'default' }),
);
