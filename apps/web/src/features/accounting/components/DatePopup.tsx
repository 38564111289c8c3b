import { TRANSACTION_TIME_AHEAD_MS } from '@cab/contracts/client';
import { DatePicker } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { fromPickerDate, pickerDate } from '../../../lib/book-clock.ts';
import '../../../i18n/accounting.ts';

/**
 * The date and time of a record: antd-mobile's picker down to the minute, from 2000 to a
 * year ahead (the server's range), on the book's clock. The picker knows only the
 * phone's zone, so it is handed the book's wall clock and its answer read back in the
 * book's zone (lib/book-clock.ts).
 */
export function DatePopup({
  visible,
  value,
  timeZone,
  onConfirm,
  onClose,
}: {
  visible: boolean;
  value: number;
  timeZone: string;
  onConfirm: (ms: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker
      visible={visible}
      title={t('accounting.time')}
      precision="minute"
      value={pickerDate(timeZone, value)}
      min={new Date(2000, 0, 1)}
      max={pickerDate(timeZone, Date.now() + TRANSACTION_TIME_AHEAD_MS - 86_400_000)}
      onConfirm={(d) => onConfirm(fromPickerDate(timeZone, d))}
      onClose={onClose}
    />
  );
}

export default DatePopup;
