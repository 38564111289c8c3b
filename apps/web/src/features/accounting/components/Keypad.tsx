import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import type { PadKey } from '../keypad.ts';
import { Glyph } from './glyphs.tsx';
import '../../../i18n/accounting.ts';

const DIGIT_ROWS: PadKey[][] = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
];

/**
 * The amount keypad: the amount is never typed with the system keyboard. Digits, the
 * decimal point and backspace (and, for a balance, the sign: a credit card's balance
 * may be below zero), beside save and save-and-again.
 */
export function Keypad({
  onKey,
  onSave,
  onAgain,
  signed,
  saving,
}: {
  onKey: (k: PadKey) => void;
  onSave: () => void;
  onAgain?: () => void;
  signed?: boolean;
  saving?: boolean;
}) {
  const { t } = useTranslation();
  const key = (k: PadKey, label: string, aria?: string) => (
    <button key={k} type="button" className="pad-key" data-testid={`pad-${k}`} aria-label={aria} onClick={() => onKey(k)}>
      {label}
    </button>
  );
  return (
    <div className="pad" role="group" aria-label={t('accounting.keypad')}>
      <div className="pad-digits">
        {DIGIT_ROWS.flat().map((k) => key(k, k))}
        {key('.', '.', t('accounting.dot'))}
        {signed ? (
          <>
            {key('0', '0')}
            {key('sign', '±', t('accounting.sign'))}
          </>
        ) : (
          <button type="button" className="pad-key wide" data-testid="pad-0" onClick={() => onKey('0')}>
            0
          </button>
        )}
      </div>
      <div className={onAgain ? 'pad-actions' : 'pad-actions single'}>
        <button type="button" className="pad-key" data-testid="pad-back" aria-label={t('accounting.back')} onClick={() => onKey('back')}>
          <Glyph name="backspace" size={26} />
        </button>
        {onAgain && (
          <Button className="pad-again" data-testid="rec-again" disabled={saving} onClick={onAgain}>
            {t('accounting.again')}
          </Button>
        )}
        <Button className="pad-save" color="primary" data-testid="rec-save" loading={saving} onClick={onSave}>
          {t('accounting.save')}
        </Button>
      </div>
    </div>
  );
}
