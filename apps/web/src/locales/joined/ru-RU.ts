// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../ru-RU.json', '../../features/**/locales/ru-RU.json'], {
    eager: true,
    import: 'default',
  }),
);
