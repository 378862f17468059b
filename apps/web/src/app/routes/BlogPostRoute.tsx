import { lazy, Suspense } from 'react';
import BlogPostPage from '../../features/blog/BlogPostPage';

// The chat's Markdown chunk (sanitised: no raw HTML, safe links, highlighted code), imported here
// rather than through the chat feature, so the blog's chunk shares nothing else of the chat's.
const Markdown = lazy(() => import('../../features/chat/markdown/Markdown'));

function Content({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{text}</p>}>
      <Markdown text={text} />
    </Suspense>
  );
}

/** /blog/:slug: the post page with the chat's Markdown renderer. */
export default function BlogPostRoute() {
  return <BlogPostPage Content={Content} />;
}
