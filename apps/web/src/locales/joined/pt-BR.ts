// This language's texts, every set's, as one chunk (see ../join.ts).
import { joinTexts } from '../join';

export default joinTexts(
  import.meta.glob(['../pt-BR.json', '../../features/**/locales/pt-BR.json'], {
    eager: true,
    import: 'default',
  }),
);
