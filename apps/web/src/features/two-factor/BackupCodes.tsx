import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';

/** The backup codes, shown this once: a list to read, copy or download as a text file. */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.show({ message: t('com_ui_2fa_error'), severity: 'error' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'backup-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="flex flex-col gap-4">
      <ol
        className="grid grid-cols-2 gap-2 rounded-lg bg-surface-tertiary p-3 font-mono text-sm text-text-primary"
        aria-label={t('com_ui_backup_codes')}
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => void copy()} data-testid="backup-codes-copy">
          {copied ? t('com_ui_2fa_copied') : t('com_ui_copy_backup')}
        </Button>
        <Button size="sm" variant="secondary" onClick={download} data-testid="backup-codes-download">
          {t('com_ui_download_backup')}
        </Button>
      </div>
    </div>
  );
}
