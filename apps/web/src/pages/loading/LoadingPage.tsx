import { AUTH_PATHS } from '@cab/contracts';
import { SpinLoading } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchUserInfo } from '../../features/user/queries.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

/**
 * Start-up: learn the server clock (so signatures are accepted), refresh the user if
 * signed in, then go on. Each step's failure is only logged (SPEC 8).
 */
export async function startUp(): Promise<void> {
  try {
    const res = await fetch(AUTH_PATHS.serverInfo);
    const body = (await res.json()) as { current_time_stamp: number };
    useSettingsStore.getState().setClockGap(body.current_time_stamp - Date.now());
  } catch (err) {
    console.warn('start-up: server info failed', err);
  }
  if (selectLoggedIn(useUserStore.getState())) {
    try {
      useUserStore.getState().setUser(await fetchUserInfo());
    } catch (err) {
      console.warn('start-up: user info failed', err);
    }
  }
}

export default function LoadingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('redirect') ?? '/pages/home/index';
  useEffect(() => {
    let cancelled = false;
    void startUp().finally(() => {
      if (!cancelled) navigate(next.startsWith('/') ? next : '/pages/home/index', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, next]);
  return (
    <div className="page-center" data-testid="page-loading" style={{ flexDirection: 'column', gap: 12 }}>
      <SpinLoading color="primary" />
      <span className="muted">{t('loadingPage.starting')}</span>
    </div>
  );
}
