import BlogPostPage from '../../features/blog/BlogPostPage';
// The Markdown styles and the highlighter's colours alone: the post's HTML is rendered by the server.
import 'highlight.js/styles/github-dark.css';
import '../../features/markdown/markdown.css';

/** /blog/:slug: the post page, its content as the server rendered it. */
export default function BlogPostRoute() {
  return <BlogPostPage />;
}
