import { useTranslation } from '../../../i18n/index.ts';
import { MemberGlyph } from './glyphs.tsx';
import '../../../i18n/members.ts';

/** In place of the save buttons, for a member whose role may not record (or not change records) in this book. */
export function NoRecordPermission({ editing }: { editing: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="rec-bar" data-testid="rec-no-permission" role="status">
      <div className="notice-card" style={{ margin: 0 }}>
        <MemberGlyph name="lock" />
        <span>
          {editing ? t('members.permissions.noEdit') : t('members.permissions.noAdd')}
          <br />
          <span className="muted">{t('members.permissions.askAdmin')}</span>
        </span>
      </div>
    </div>
  );
}
