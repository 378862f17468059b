import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../zh-CN.json', '../../features/**/locales/zh-CN.json'], { eager: true, import: 'default' }),
);
