// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../tr-TR.json', '../../features/**/locales/tr-TR.json'], {
    eager: true,
    import: 'default',
  }),
);
