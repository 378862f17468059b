// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../id-ID.json', '../../features/**/locales/id-ID.json'], {
    eager: true,
    import: 'default',
  }),
);
