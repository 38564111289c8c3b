import { ErrorCode, IMPORT_FILE_MAX_MB, type ImportDateFormat, type ImportSource, type ImportView } from '@cab/contracts/client';
import { useRef, useState, type ChangeEvent } from 'react';
import { ApiError, TIMEOUT } from '../../api/request.ts';
import i18n from '../../i18n/index.ts';
import { useUploadImport } from './mutations.ts';
import { SOURCE_ACCEPT } from './sources.ts';
import '../../i18n/imports.ts';

interface Picked {
  source: ImportSource;
  dateFormat?: ImportDateFormat | undefined;
}
interface Chosen extends Picked {
  file: File;
}

/** What the page shows of a refusal: a too large file in our words (a proxy may answer 413 without any), else the server's. */
export function refusalText(err: unknown): string {
  if (err instanceof ApiError && err.status === 413) return i18n.t('imports.upload.tooLarge', { max: IMPORT_FILE_MAX_MB });
  if (err instanceof ApiError && err.code === TIMEOUT) return i18n.t('common.noNetwork');
  return err instanceof ApiError && err.message ? err.message : i18n.t('common.serverHiccup');
}

/**
 * Choosing a source's file and uploading it: the one file input takes the source's kinds
 * of file; the upload reports its progress; a zip that needs its password (1162) keeps the
 * file and asks for the password, then sends it again; any other refusal is kept to show
 * in place (the server's words name what the file should hold). The file is checked
 * against the 32 MB limit before it is sent.
 */
export function useImportFile(bookId: string, onUploaded: (v: ImportView) => void) {
  const upload = useUploadImport(bookId);
  const input = useRef<HTMLInputElement>(null);
  // The source chosen while the system's file picker is open.
  const picking = useRef<Picked | undefined>(undefined);
  const [sending, setSending] = useState<{ name: string; fraction: number }>();
  const [locked, setLocked] = useState<Chosen & { wrong?: string | undefined }>();
  const [refusal, setRefusal] = useState<string>();

  const send = async (c: Chosen, password?: string) => {
    if (c.file.size > IMPORT_FILE_MAX_MB * 1024 * 1024) {
      setRefusal(i18n.t('imports.upload.tooLarge', { max: IMPORT_FILE_MAX_MB }));
      return;
    }
    setRefusal(undefined);
    setSending({ name: c.file.name, fraction: 0 });
    try {
      const v = await upload.mutateAsync({
        file: c.file,
        source: c.source,
        ...(password ? { password } : {}),
        ...(c.dateFormat ? { dateFormat: c.dateFormat } : {}),
        onProgress: (fraction) => setSending({ name: c.file.name, fraction }),
      });
      setLocked(undefined);
      onUploaded(v);
    } catch (err) {
      // The first 1162 asks for the password; one after a password says it was wrong.
      if (err instanceof ApiError && err.code === ErrorCode.IMPORT_PASSWORD) setLocked({ ...c, wrong: password ? err.message : undefined });
      else {
        setLocked(undefined);
        setRefusal(refusalText(err));
      }
    } finally {
      setSending(undefined);
    }
  };

  return {
    /** Opens the system's file picker for a source (within the tap, as browsers require). */
    choose: (source: ImportSource, dateFormat?: ImportDateFormat) => {
      const el = input.current;
      if (!el || sending) return;
      picking.current = { source, dateFormat };
      el.accept = SOURCE_ACCEPT[source];
      el.value = '';
      el.click();
    },
    inputProps: {
      ref: input,
      type: 'file',
      hidden: true,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const file = e.target.files?.[0];
        const p = picking.current;
        // Cleared, so the same file chosen again is a change again.
        e.target.value = '';
        if (file && p) void send({ ...p, file });
      },
    },
    sending,
    refusal,
    /** The zip waiting for its password, with the reason when one was wrong. */
    locked,
    unlock: (password: string) => (locked ? send(locked, password) : Promise.resolve()),
    closeLock: () => setLocked(undefined),
  };
}
