import { Button } from 'antd-mobile';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { EmptyState } from '../../../app/EmptyState.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/community.ts';

/** The community belongs to a book: with none open, the way to pick one. */
export function NoBook() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      kind="empty"
      full
      testId="community-no-book"
      title={t('community.noBook')}
      description={t('community.noBookHint')}
      action={
        <Button color="primary" onClick={() => navigate('/pages/book/index')}>
          {t('community.pickBook')}
        </Button>
      }
    />
  );
}
