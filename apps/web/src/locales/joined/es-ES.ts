import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../es-ES.json', '../../features/**/locales/es-ES.json'], { eager: true, import: 'default' }),
);
