import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';

export interface SheetAction {
  key: string;
  text: ReactNode;
  description?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  onClick?: () => void;
}

/**
 * A bottom sheet of choices with a cancel button: plain buttons, so screen readers
 * announce them as buttons (antd-mobile's ActionSheet marks them as list options
 * outside any list).
 */
export function Sheet({
  visible,
  onClose,
  actions,
  label,
  title,
}: {
  visible: boolean;
  onClose: () => void;
  actions: SheetAction[];
  label?: string;
  /** A line above the choices saying what they are for. */
  title?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div role="group" aria-label={label}>
        {title && <div className="sheet-title">{title}</div>}
        {actions.map((a) => (
          <button
            key={a.key}
            type="button"
            className={a.danger ? 'sheet-action danger' : 'sheet-action'}
            disabled={a.disabled}
            onClick={a.onClick}
          >
            <span className="sheet-action-text">{a.text}</span>
            {a.description && <span className="sheet-action-desc">{a.description}</span>}
          </button>
        ))}
      </div>
      <button type="button" className="sheet-action sheet-cancel" onClick={onClose}>
        {t('common.cancel')}
      </button>
    </Popup>
  );
}
