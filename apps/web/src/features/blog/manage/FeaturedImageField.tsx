import './texts';
import { useId, useRef, useState } from 'react';
import { ImageUp, X } from 'lucide-react';
import { BLOG_LIMITS, FILE_ERROR_KEYS, FILE_ERROR_TEXTS, UPLOAD_LIMITS } from '@chat/contract';
import { ApiError } from '../../../api/http';
import { Spinner } from '../../../components/ui/Spinner';
import { useTranslation } from '../../../hooks/useTranslation';
import { uploadBlogImage } from '../manage-api';

export interface FeaturedImageFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

const ACCEPT = UPLOAD_LIMITS.imageTypes.join(',');

/**
 * The featured image (an optional URL): typed, or uploaded (POST /api/blog/images
 * stores it with the server's file strategy and answers its public address).
 */
export function FeaturedImageField({ value, onChange, error, disabled }: FeaturedImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (!(UPLOAD_LIMITS.imageTypes as readonly string[]).includes(file.type)) {
      setUploadError(t('com_blog_image_type'));
      return;
    }
    if (file.size > BLOG_LIMITS.imageMaxBytes) {
      setUploadError(t('com_blog_image_too_large'));
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadBlogImage(file));
    } catch (err) {
      setUploadError(
        t(
          err instanceof ApiError && err.status === 413
            ? 'com_blog_image_too_large'
            : err instanceof ApiError && err.message === FILE_ERROR_TEXTS.dimensions
              ? FILE_ERROR_KEYS.dimensions
              : 'com_blog_image_failed',
        ),
      );
    } finally {
      setUploading(false);
    }
  };

  const shownError = uploadError ?? error;
  return (
    <div className="flex flex-col gap-1.5" data-testid="blog-image">
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {t('com_blog_field_image')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="url"
          inputMode="url"
          value={value}
          placeholder="https://"
          onChange={(e) => {
            setUploadError(null);
            onChange(e.target.value);
          }}
          aria-invalid={shownError ? true : undefined}
          data-testid="blog-image-url"
          className="h-11 w-full min-w-0 rounded-lg border border-border-medium bg-surface-primary px-3 text-sm text-text-primary placeholder:text-text-tertiary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30 disabled:opacity-60 sm:flex-1"
        />
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="blog-image-file"
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          disabled={disabled || uploading}
          onClick={() => fileRef.current?.click()}
          data-testid="blog-image-upload"
          className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-lg border border-border-medium bg-surface-primary px-4 text-sm font-medium text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:cursor-not-allowed disabled:opacity-50"
        >
          {uploading ? <Spinner size={16} /> : <ImageUp className="size-4" aria-hidden />}
          {uploading ? t('com_blog_image_uploading') : t('com_blog_image_upload')}
        </button>
      </div>
      {value && (
        <div className="relative self-start">
          <img
            src={value}
            alt={t('com_blog_image_preview')}
            data-testid="blog-image-preview"
            className="max-h-40 max-w-full rounded-lg border border-border-light object-cover"
          />
          <button
            type="button"
            disabled={disabled}
            onClick={() => onChange('')}
            aria-label={t('com_blog_image_remove')}
            className="absolute end-1 top-1 inline-flex size-7 items-center justify-center rounded-full bg-surface-primary/90 text-text-primary shadow hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
      {shownError && (
        <p role="alert" className="text-[13px] text-text-danger">
          {shownError}
        </p>
      )}
    </div>
  );
}
