// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../pl-PL.json', '../../features/**/locales/pl-PL.json'], {
    eager: true,
    import: 'default',
  }),
);
