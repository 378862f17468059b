import './texts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { TIMINGS } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useToast } from '../../components/ui/Toast';
import { useAuth } from '../auth';
import { uploadAvatar } from './api';
import { AVATAR_ACCEPT, avatarFileProblem } from './avatar';
import { SettingRow } from './SettingRow';

/** Avatar: file chosen, preview dialog, upload; on success the preview closes and the avatar updates. */
export function AvatarUpload() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user, setUser } = useAuth();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (inputRef.current) inputRef.current.value = ''; // the same file may be chosen again
    if (!chosen) return;
    const problem = avatarFileProblem(chosen);
    if (problem) {
      toast.show({ message: t(problem), severity: 'error', duration: TIMINGS.toastValidationMs });
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!file || !user) return;
    setUploading(true);
    try {
      const url = await uploadAvatar(file);
      setUser({ ...user, avatar: url });
      setFile(null);
      toast.show({ message: t('com_nav_avatar_upload_done'), severity: 'success' });
    } catch {
      toast.show({ message: t('com_nav_avatar_upload_error'), severity: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <SettingRow label={t('com_nav_profile_picture')} hint={t('com_nav_avatar_hint')}>
      {user?.avatar && (
        <img
          src={user.avatar}
          alt=""
          className="size-8 rounded-full object-cover"
          data-testid="settings-avatar"
        />
      )}
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="settings-avatar-input"
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <Button
        size="sm"
        variant="secondary"
        onClick={() => inputRef.current?.click()}
        data-testid="settings-avatar-pick"
      >
        {t('com_ui_upload')}
      </Button>
      <Dialog
        open={file !== null}
        onClose={() => !uploading && setFile(null)}
        title={t('com_nav_avatar_preview')}
        data-testid="avatar-preview"
        footer={
          <>
            <Button variant="secondary" onClick={() => setFile(null)} disabled={uploading}>
              {t('com_ui_cancel')}
            </Button>
            <Button onClick={() => void upload()} loading={uploading} data-testid="avatar-upload">
              {t('com_ui_upload')}
            </Button>
          </>
        }
      >
        <div className="mt-4 flex justify-center">
          {preview && (
            <img
              src={preview}
              alt={t('com_nav_avatar_preview')}
              className="size-40 rounded-full border border-border-medium object-cover"
            />
          )}
        </div>
      </Dialog>
    </SettingRow>
  );
}
