/** The public blog's views, as the server renders them for a visitor (site/ssr.tsx). */
export { BlogListView } from './BlogListPage';
export { BlogPostView } from './BlogPostPage';
