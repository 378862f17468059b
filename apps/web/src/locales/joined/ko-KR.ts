import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../ko-KR.json', '../../features/**/locales/ko-KR.json'], { eager: true, import: 'default' }),
);
