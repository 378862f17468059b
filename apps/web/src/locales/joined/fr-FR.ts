import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../fr-FR.json', '../../features/**/locales/fr-FR.json'], { eager: true, import: 'default' }),
);
