import { FREE_CAPACITY_MB, SPACE_NOTICE_DAYS } from '@cab/contracts/client';
import { PageBar } from '../../app/PageBar.tsx';
import { size } from '../../features/cloud/format.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/cloud/cloud.css';
import '../../i18n/cloud.ts';

const SECTIONS = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'] as const;

/**
 * The cloud space agreement (SPEC 2, cloud/pages/agreement), linked from the pay dialog's
 * checkbox: what the space is, when rented space counts and ends, payment, refunds, what
 * happens at the end, sharing, and who may. Open to everyone; no login needed to read it.
 */
export default function AgreementPage() {
  const { t } = useTranslation();
  const vars = { free: size(FREE_CAPACITY_MB), days: SPACE_NOTICE_DAYS };
  return (
    <div className="page" data-testid="page-cloud-agreement">
      <PageBar title={t('cloud.agreement.title')} />
      <article className="section cloud-doc" aria-labelledby="cloud-agreement-title">
        <h1 className="sr-only" id="cloud-agreement-title">
          {t('cloud.agreement.title')}
        </h1>
        {SECTIONS.map((s) => (
          <section key={s}>
            <h2>{t(`cloud.agreement.sections.${s}.h`)}</h2>
            <p>{t(`cloud.agreement.sections.${s}.p`, vars)}</p>
          </section>
        ))}
        <p className="cloud-doc-date">{t('cloud.agreement.updated')}</p>
      </article>
    </div>
  );
}
