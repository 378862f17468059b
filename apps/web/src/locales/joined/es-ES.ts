// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../es-ES.json', '../../features/**/locales/es-ES.json'], {
    eager: true,
    import: 'default',
  }),
);
