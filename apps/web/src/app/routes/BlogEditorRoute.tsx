import BlogEditorPage from '../../features/blog/manage/BlogEditorPage';
import { BlogMarkdown } from './BlogMarkdown';

/** /blog/edit/new and /blog/edit/:id: the editor, its preview with /blog/:slug's Markdown. */
export default function BlogEditorRoute() {
  return <BlogEditorPage Content={BlogMarkdown} />;
}
