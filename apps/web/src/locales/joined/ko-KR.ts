// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../ko-KR.json', '../../features/**/locales/ko-KR.json'], {
    eager: true,
    import: 'default',
  }),
);
