import { Popup } from 'antd-mobile';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from '../lib/hash-router.tsx';
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
 * Closes an open sheet or popup when the location changes under it (back, a link, a
 * changed query): a sheet belongs to the page it was opened on (docs/ui.md, "Sheets").
 */
export function useCloseOnLeave(visible: boolean, onClose: () => void): void {
  const { pathname, search } = useLocation();
  const at = `${pathname}${search}`;
  // Where it was opened; null while closed.
  const openedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!visible) openedAt.current = null;
    else if (openedAt.current === null) openedAt.current = at;
    else if (openedAt.current !== at) onClose();
  }, [visible, at, onClose]);
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
  useCloseOnLeave(visible, onClose);
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
