// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../vi-VN.json', '../../features/**/locales/vi-VN.json'], {
    eager: true,
    import: 'default',
  }),
);
