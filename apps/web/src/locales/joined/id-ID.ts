import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../id-ID.json', '../../features/**/locales/id-ID.json'], { eager: true, import: 'default' }),
);
