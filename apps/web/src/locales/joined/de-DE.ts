// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../de-DE.json', '../../features/**/locales/de-DE.json'], {
    eager: true,
    import: 'default',
  }),
);
