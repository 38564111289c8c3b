import { FREE_CAPACITY_MB, SPACE_NOTICE_DAYS } from '@cab/contracts/client';
import { PageBar } from '../../app/PageBar.tsx';
import { size } from '../../features/cloud/format.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/cloud/cloud.css';
import '../../i18n/cloud.ts';

const SECTIONS = ['free', 'rent', 'end', 'share', 'pay', 'who'] as const;

/** The rules of cloud space (SPEC 2, cloud/pages/rule): free and rented space, its end, sharing, payment, who may. */
export default function RulePage() {
  const { t } = useTranslation();
  const vars = { free: size(FREE_CAPACITY_MB), days: SPACE_NOTICE_DAYS };
  return (
    <div className="page" data-testid="page-cloud-rule">
      <PageBar title={t('cloud.rule.title')} />
      <article className="section cloud-doc">
        {SECTIONS.map((s) => (
          <section key={s}>
            <h2>{t(`cloud.rule.sections.${s}.h`)}</h2>
            <p>{t(`cloud.rule.sections.${s}.p`, vars)}</p>
          </section>
        ))}
      </article>
    </div>
  );
}
