// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../ja-JP.json', '../../features/**/locales/ja-JP.json'], {
    eager: true,
    import: 'default',
  }),
);
