// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../it-IT.json', '../../features/**/locales/it-IT.json'], {
    eager: true,
    import: 'default',
  }),
);
