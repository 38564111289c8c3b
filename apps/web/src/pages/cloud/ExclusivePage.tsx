import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { cloudQueries, useFunctionApply } from '../../features/cloud/api.ts';
import { CloudGlyph } from '../../features/cloud/components/glyphs.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { deviceZone } from '../../lib/book-clock.ts';
import { moment } from '../../features/cloud/format.ts';
import { useNavigate } from '../../lib/hash-router.tsx';
import '../../features/cloud/cloud.css';
import '../../features/commerce/commerce.css';
import '../../i18n/cloud.ts';

const CODE = 'book_private_storage';

/**
 * Private storage (SPEC 2, cloud/pages/exclusive): what it is and who it is for, and the
 * caller's application for it (function applies: not applied, under review, approved, or
 * rejected with the reviewer's remark), with the apply button while one may apply, and the
 * way to the private server page (issue 29), where the server is registered and the book moved.
 */
function Exclusive() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useQuery(cloudQueries.functionApply(CODE));
  const apply = useFunctionApply(CODE);
  const send = () =>
    void apply
      .mutateAsync()
      .then(() => showToast(t('cloud.exclusive.applied')))
      .catch(() => undefined);

  const statusCard = () => {
    if (status.isError) return <LoadFailed onRetry={status.refetch} />;
    if (!status.data)
      return (
        <div className="padded" data-testid="cloud-exclusive-loading">
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      );
    const s = status.data.status;
    return (
      <div className="cloud-doc" data-testid="cloud-exclusive-status" data-status={s ?? 'none'}>
        <p>
          <span className={`cloud-status ${s ?? ''}`} data-testid="cloud-exclusive-status-text">
            {t(`cloud.exclusive.statuses.${s ?? 'none'}`)}
          </span>
        </p>
        {status.data.applied_at !== null && (
          <p className="cloud-doc-date">{t('cloud.exclusive.appliedAt', { time: moment(status.data.applied_at, deviceZone()) })}</p>
        )}
        {s === 'rejected' && status.data.remark && (
          <p className="cloud-doc-date" data-testid="cloud-exclusive-remark">
            {t('cloud.exclusive.remark', { remark: status.data.remark })}
          </p>
        )}
      </div>
    );
  };
  const mayApply = status.data && (status.data.status === null || status.data.status === 'rejected');

  return (
    <div className="page" data-testid="page-cloud-exclusive">
      <PageBar title={t('cloud.exclusive.title')} />
      <div className="section">
        <div className="cloud-hero">
          <CloudGlyph name="server" size={56} />
          <p>{t('cloud.exclusive.lead')}</p>
        </div>
        <div className="cloud-doc">
          <h2>{t('cloud.exclusive.what')}</h2>
          <p>{t('cloud.exclusive.whatBody')}</p>
          <h2>{t('cloud.exclusive.who')}</h2>
          <p>{t('cloud.exclusive.whoBody')}</p>
          <h2>{t('cloud.exclusive.how')}</h2>
          <p>{t('cloud.exclusive.howBody')}</p>
        </div>
      </div>
      <section className="section" aria-labelledby="cloud-exclusive-status-title">
        <h2 className="cloud-section-title" id="cloud-exclusive-status-title">
          {t('cloud.exclusive.status')}
        </h2>
        {statusCard()}
      </section>
      <div className="pay-actions">
        {mayApply && (
          <Button block color="primary" data-testid="cloud-exclusive-apply" loading={apply.isPending} onClick={send}>
            {status.data?.status === 'rejected' ? t('cloud.exclusive.applyAgain') : t('cloud.exclusive.apply')}
          </Button>
        )}
        {/* Registering the server and moving a book are the private server page's (issue 29). */}
        <Button block fill="outline" color="primary" data-testid="cloud-exclusive-private" onClick={() => navigate('/private/index')}>
          {t('cloud.exclusive.toPrivate')}
        </Button>
      </div>
    </div>
  );
}

export default function ExclusivePage() {
  return (
    <RequireLogin>
      <Exclusive />
    </RequireLogin>
  );
}
