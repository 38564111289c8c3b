import { IMPORT_DATE_FORMATS, type ImportDateFormat } from '@cab/contracts/client';
import { Sheet } from '../../../app/Sheet.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/imports.ts';

/** How a file writes its dates (a QIF file's 03/04/2024 reads either way): the choice opens the file picker. */
export function DateOrderSheet({
  visible,
  onPick,
  onClose,
}: {
  visible: boolean;
  onPick: (f: ImportDateFormat) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet
      visible={visible}
      onClose={onClose}
      title={t('imports.dateFormat.title')}
      label={t('imports.dateFormat.label')}
      actions={IMPORT_DATE_FORMATS.map((f) => ({
        key: f,
        text: <span data-testid={`import-date-${f}`}>{t(`imports.dateFormat.${f}`)}</span>,
        onClick: () => onPick(f),
      }))}
    />
  );
}
