// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../fr-FR.json', '../../features/**/locales/fr-FR.json'], {
    eager: true,
    import: 'default',
  }),
);
