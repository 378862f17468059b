// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../zh-TC.json', '../../features/**/locales/zh-TC.json'], {
    eager: true,
    import: 'default',
  }),
);
