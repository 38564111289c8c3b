import { ENVIRONMENTS, type EnvironmentName } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { Icon } from '../../app/icons.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { ZoneGlyph } from '../../features/zones/components/glyphs.tsx';
import { zoneQueries } from '../../features/zones/queries.ts';
import { hostNavigation } from '../../features/zones/rules.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import '../../features/zones/zones.css';
import '../../i18n/zones.ts';

/** Where a host sends the app: its origin, or nothing for an address that is not one. */
const originOf = (host: string): string | undefined => {
  try {
    return new URL(host).origin;
  } catch {
    return undefined;
  }
};

/**
 * The environments (SPEC 9, cloudEnv/index): test5, test6, uat and prod, each with the host
 * the server names for it (CAB_ENV_HOSTS), the one this server is checked. Outside
 * production one may choose another: it is kept in the settings, and the app goes to its
 * host when that is another origin. In production the list is only shown, with a note.
 */
function CloudEnv() {
  const { t } = useTranslation();
  const env = useQuery(zoneQueries.serverEnv());
  const [chosen, setChosen] = useState<EnvironmentName>();

  if (env.isError) return <LoadFailed full onRetry={env.refetch} />;
  if (!env.data)
    return (
      <div className="section padded" data-testid="env-loading">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  const { hosts, domain } = env.data;
  const prod = env.data.env === 'prod';
  const current = chosen ?? env.data.env;

  const choose = (name: EnvironmentName) => {
    if (prod || name === current) return;
    // The settings store's own setter is left out of the first load: this page is its only writer.
    useSettingsStore.setState({ environment: name });
    setChosen(name);
    showToast(t('zones.env.chosen', { name: t(`zones.env.names.${name}`) }));
    const host = hosts[name];
    const origin = host ? originOf(host) : undefined;
    if (host && origin && origin !== window.location.origin) hostNavigation.go(host);
  };

  return (
    <>
      <section className="section zone-card" aria-labelledby="env-current-title">
        <h2 className="zone-title" id="env-current-title">
          <ZoneGlyph name="server" size={18} />
          <span>{t('zones.env.current')}</span>
        </h2>
        <p className="zone-text" data-testid="env-current" data-env={env.data.env}>
          {`${t(`zones.env.names.${env.data.env}`)} · ${domain}`}
        </p>
        {prod ? (
          <p className="zone-note" role="status" data-testid="env-prod-note">
            <ZoneGlyph name="info" size={16} />
            <span>{t('zones.env.prodNote')}</span>
          </p>
        ) : (
          <p className="zone-text">{t('zones.env.lead')}</p>
        )}
      </section>
      <div className="section" role="radiogroup" aria-labelledby="env-current-title" aria-disabled={prod}>
        {ENVIRONMENTS.map((name) => (
          <button
            key={name}
            type="button"
            role="radio"
            aria-checked={name === current}
            disabled={prod}
            className="zone-env"
            data-testid={`env-${name}`}
            onClick={() => choose(name)}
          >
            <span className="zone-env-main">
              <span className="zone-env-name">{t(`zones.env.names.${name}`)}</span>
              <span className="zone-env-host">{hosts[name] ?? t('zones.env.noHost')}</span>
            </span>
            {name === current && <Icon name="check" size={20} className="zone-env-check" />}
          </button>
        ))}
      </div>
    </>
  );
}

export default function CloudEnvPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-cloud-env">
      <PageBar title={t('zones.env.title')} />
      <RequireLogin>
        <CloudEnv />
      </RequireLogin>
    </div>
  );
}
