import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../pt-BR.json', '../../features/**/locales/pt-BR.json'], { eager: true, import: 'default' }),
);
