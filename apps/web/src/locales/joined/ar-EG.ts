import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../ar-EG.json', '../../features/**/locales/ar-EG.json'], { eager: true, import: 'default' }),
);
