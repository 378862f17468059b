// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../ar-EG.json', '../../features/**/locales/ar-EG.json'], {
    eager: true,
    import: 'default',
  }),
);
