import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../api/request.ts';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useOpenBook } from '../mutations.ts';
import { bookKeys } from '../queries.ts';

/**
 * Adding a book from a backup (docs/archive.md): a file chosen, sent up, and the new book
 * opened. The upload's code loads when a file is chosen, not with the page.
 */
export function FromBackup({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const open = useOpenBook();
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<number>();
  const restore = async (file: File) => {
    setSent(0);
    try {
      const { importArchive } = await import('../../archives/api.ts');
      const made = await importArchive(file, setSent);
      await qc.invalidateQueries({ queryKey: bookKeys.all });
      showToast(t('books.fromBackupDone', { name: made.name }));
      onDone();
      open.mutate(made.book_id);
    } catch (err) {
      showToast(err instanceof ApiError && err.status > 0 && err.message ? err.message : t('common.noNetwork'));
    } finally {
      setSent(undefined);
    }
  };
  return (
    <div className="padded">
      <button
        type="button"
        className="link"
        data-testid="book-from-backup"
        disabled={sent !== undefined}
        onClick={() => input.current?.click()}
      >
        {sent === undefined ? t('books.fromBackup') : t('books.fromBackupSending', { percent: Math.round(sent * 100) })}
      </button>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-testid="book-from-backup-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void restore(file);
        }}
      />
    </div>
  );
}
