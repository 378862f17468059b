// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../nl-NL.json', '../../features/**/locales/nl-NL.json'], {
    eager: true,
    import: 'default',
  }),
);
