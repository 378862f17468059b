import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../pl-PL.json', '../../features/**/locales/pl-PL.json'], { eager: true, import: 'default' }),
);
