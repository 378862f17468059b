// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../zh-CN.json', '../../features/**/locales/zh-CN.json'], {
    eager: true,
    import: 'default',
  }),
);
