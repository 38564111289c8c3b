import { TRANSACTION_TIME_AHEAD_MS } from '@cab/contracts/client';
import { DatePicker } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';

/** The date and time of a record: antd-mobile's picker down to the minute, from 2000 to a year ahead (the server's range). */
export function DatePopup({
  visible,
  value,
  onConfirm,
  onClose,
}: {
  visible: boolean;
  value: number;
  onConfirm: (ms: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker
      visible={visible}
      title={t('accounting.time')}
      precision="minute"
      value={new Date(value)}
      min={new Date(2000, 0, 1)}
      max={new Date(Date.now() + TRANSACTION_TIME_AHEAD_MS - 86_400_000)}
      onConfirm={(d) => onConfirm(d.getTime())}
      onClose={onClose}
    />
  );
}

export default DatePopup;
