import './texts';
import { useState, type ComponentType, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Eye, Pencil } from 'lucide-react';
import { blogStatusesFor, canBlog, featuredImageSrc, type BlogPost } from '@chat/contract';
import { ApiError } from '../../../api/http';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { useToast } from '../../../components/ui/Toast';
import { useStableNavigate } from '../../../hooks/useStableNavigate';
import { useTranslation } from '../../../hooks/useTranslation';
import { SiteLayout, usePageMeta } from '../../site';
import { useManagedPost, useSavePost } from '../manage-api';
import {
  EMPTY_EDITOR,
  editorValuesOf,
  serverEditorErrors,
  validateEditor,
  withTitle,
  type EditorErrors,
  type EditorField,
  type EditorValues,
} from './editor-form';
import { BackLink } from '../BackLink';
import { FeaturedImageField } from './FeaturedImageField';
import { ListInput } from './ListInput';
import { ManageAccess, linkButton, type Manager } from './ManageAccess';
import { StatusBadge } from './StatusBadge';
import { MetaDescriptionField, TextAreaField } from './TextAreaField';

export type MarkdownView = ComponentType<{ text: string }>;

function BackToManagement() {
  const { t } = useTranslation();
  return <BackLink to="/blog/edit" testId="blog-back-manage" label={t('com_blog_back_manage')} />;
}

/** The statuses offered: a Writer's Reviewed is "Submit for Review", an Admin's "Under Review". */
function statusLabel(status: EditorValues['status'], me: Manager): string {
  if (status === 'Reviewed')
    return me.role === 'WRITER' ? 'com_blog_submit_review' : 'com_blog_status_Reviewed';
  return `com_blog_status_${status}`;
}

function Preview({ values, Content }: { values: EditorValues; Content: MarkdownView }) {
  return (
    <article data-testid="blog-preview" className="flex flex-col gap-6">
      <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">{values.title}</h1>
      {values.tags.length > 0 && (
        <div className="flex flex-wrap gap-2 text-xs text-text-tertiary">
          {values.tags.map((tag) => (
            <span key={tag} className="rounded-full bg-surface-tertiary px-2 py-0.5">
              {tag}
            </span>
          ))}
        </div>
      )}
      {values.featuredImage && (
        <img src={featuredImageSrc(values.featuredImage)} alt="" className="w-full rounded-xl object-cover" />
      )}
      <div className="markdown prose max-w-none text-text-primary">
        <Content text={values.content} />
      </div>
    </article>
  );
}

function EditorForm({ post, me, Content }: { post: BlogPost | null; me: Manager; Content: MarkdownView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useStableNavigate();
  const save = useSavePost();
  const [values, setValues] = useState<EditorValues>(() => (post ? editorValuesOf(post) : EMPTY_EDITOR));
  // While creating, the slug follows the title until it is typed by hand.
  const [slugFollows, setSlugFollows] = useState(post === null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<EditorErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState(false);

  const isAuthor = post !== null && post.author.id !== null && post.author.id === me.id;
  // For display only (the server decides): a Writer's post once it is not Draft is read-only.
  const readOnly =
    post !== null && !canBlog({ role: me.role, action: 'edit', status: post.status, isAuthor });
  const statuses = blogStatusesFor(me.role);
  const offered = statuses.includes(values.status) ? statuses : [values.status, ...statuses];

  const errors: EditorErrors = { ...(submitted ? validateEditor(values).errors : {}) };
  for (const [field, text] of Object.entries(serverErrors) as [EditorField, string][]) {
    errors[field] ??= text;
  }
  const errorOf = (field: EditorField) => {
    const e = errors[field];
    return e ? t(e) : undefined;
  };
  const set = <K extends EditorField>(field: K, value: EditorValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((s) => ({ ...s, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (readOnly) return;
    setSubmitted(true);
    setFormError(null);
    const { input } = validateEditor(values);
    if (!input) return;
    setSaving(true);
    try {
      const saved = await save(post?._id ?? null, input);
      toast.show({ message: t('com_blog_saved'), severity: 'success' });
      if (!post) {
        navigate(`/blog/edit/${saved._id}`, { replace: true });
        return;
      }
      setValues(editorValuesOf(saved));
      setSubmitted(false);
    } catch (err) {
      const found = serverEditorErrors(err);
      setServerErrors(found);
      if (Object.keys(found).length === 0) {
        setFormError(err instanceof ApiError && err.status === 403 ? err.message : t('com_blog_save_failed'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-2">
          <BackToManagement />
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {post ? t('com_blog_edit_post') : t('com_blog_create')}
            </h1>
            {post && <StatusBadge status={post.status} />}
          </div>
        </div>
        <button
          type="button"
          onClick={() => setPreview((p) => !p)}
          aria-pressed={preview}
          data-testid="blog-preview-toggle"
          className={`${linkButton} border border-border-medium bg-surface-primary text-text-primary hover:bg-surface-tertiary`}
        >
          {preview ? <Pencil className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          {preview ? t('com_blog_edit') : t('com_blog_preview')}
        </button>
      </div>

      {readOnly && (
        <p
          role="status"
          data-testid="blog-readonly"
          className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3.5 py-3 text-sm text-amber-900 dark:text-amber-100"
        >
          {t('com_blog_writer_readonly')}
        </p>
      )}
      {formError && <Alert data-testid="blog-save-error">{formError}</Alert>}

      {preview ? (
        <Preview values={values} Content={Content} />
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} data-testid="blog-editor">
          <fieldset disabled={readOnly || saving} className="flex min-w-0 flex-col gap-5">
            <TextField
              label={t('com_blog_field_title')}
              name="title"
              value={values.title}
              onChange={(e) => {
                setValues((v) => withTitle(v, e.target.value, slugFollows));
                setServerErrors((s) => ({ ...s, title: undefined, slug: undefined }));
              }}
              error={errorOf('title')}
              data-testid="blog-title"
            />
            <TextField
              label={t('com_blog_field_slug')}
              name="slug"
              value={values.slug}
              onChange={(e) => {
                setSlugFollows(false);
                set('slug', e.target.value);
              }}
              error={errorOf('slug')}
              data-testid="blog-slug"
            />
            <TextAreaField
              label={t('com_blog_field_content')}
              value={values.content}
              onChange={(v) => set('content', v)}
              error={errorOf('content')}
              rows={14}
              mono
              testId="blog-content"
            />
            <MetaDescriptionField
              label={t('com_blog_field_meta')}
              value={values.metaDescription}
              onChange={(v) => set('metaDescription', v)}
              error={errorOf('metaDescription')}
            />
            <FeaturedImageField
              value={values.featuredImage}
              onChange={(v) => set('featuredImage', v)}
              error={errorOf('featuredImage')}
              disabled={readOnly || saving}
            />
            <ListInput
              label={t('com_blog_field_tags')}
              placeholder={t('com_blog_tags_placeholder')}
              values={values.tags}
              onChange={(v) => set('tags', v)}
              error={errorOf('tags')}
              disabled={readOnly || saving}
              testId="blog-tags"
            />
            <ListInput
              label={t('com_blog_field_keywords')}
              placeholder={t('com_blog_keywords_placeholder')}
              values={values.seoKeywords}
              onChange={(v) => set('seoKeywords', v)}
              error={errorOf('seoKeywords')}
              disabled={readOnly || saving}
              testId="blog-keywords"
            />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="blog-status" className="text-sm font-medium text-text-primary">
                {t('com_blog_field_status')}
              </label>
              <select
                id="blog-status"
                data-testid="blog-status-select"
                value={values.status}
                onChange={(e) => set('status', e.target.value as EditorValues['status'])}
                className="h-11 w-full rounded-lg border border-border-medium bg-surface-primary px-3 text-[15px] text-text-primary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30 disabled:opacity-60 sm:max-w-xs"
              >
                {offered.map((s) => (
                  <option key={s} value={s} disabled={!statuses.includes(s)}>
                    {t(statusLabel(s, me))}
                  </option>
                ))}
              </select>
              {errorOf('status') && (
                <p role="alert" className="text-[13px] text-text-danger">
                  {errorOf('status')}
                </p>
              )}
            </div>
            {!readOnly && (
              <div className="flex flex-wrap justify-end gap-2 border-t border-border-light pt-5">
                <Button type="submit" loading={saving} data-testid="blog-save">
                  {t('com_blog_save')}
                </Button>
              </div>
            )}
          </fieldset>
        </form>
      )}
    </div>
  );
}

function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = error instanceof ApiError ? error.status : 0;
  const detail =
    status === 403
      ? t('com_blog_forbidden_view')
      : status === 404
        ? t('com_blog_not_found')
        : t('com_blog_load_failed');
  return (
    <div
      role="alert"
      data-testid="blog-editor-error"
      className="flex flex-col items-center gap-4 py-16 text-center"
    >
      <h1 className="text-2xl font-semibold">{t('com_blog_editor_load_error')}</h1>
      <p className="text-sm text-text-secondary">{detail}</p>
      <BackToManagement />
    </div>
  );
}

function Editor({ id, me, Content }: { id: string | null; me: Manager; Content: MarkdownView }) {
  const { data: post, isPending, error } = useManagedPost(id);
  if (id === null) return <EditorForm post={null} me={me} Content={Content} />;
  if (isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner size={28} />
      </div>
    );
  }
  if (!post) return <LoadError error={error} />;
  return <EditorForm key={post._id} post={post} me={me} Content={Content} />;
}

/**
 * /blog/edit/new and /blog/edit/:id: the post's form with a Preview/Edit toggle;
 * `Content` renders Markdown (the app passes the renderer /blog/:slug uses).
 */
export default function BlogEditorPage({ Content }: { Content: MarkdownView }) {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = !param || param === 'new' ? null : param;
  usePageMeta(id ? t('com_blog_edit_post') : t('com_blog_create'), t('com_blog_description'));
  return (
    <ManageAccess>
      {(me) => (
        <SiteLayout>
          <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
            <Editor key={id ?? 'new'} id={id} me={me} Content={Content} />
          </div>
        </SiteLayout>
      )}
    </ManageAccess>
  );
}
