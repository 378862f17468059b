// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../sv-SE.json', '../../features/**/locales/sv-SE.json'], {
    eager: true,
    import: 'default',
  }),
);
