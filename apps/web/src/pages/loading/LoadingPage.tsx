import { AUTH_PATHS, BOOK_PATHS, DEFAULT_BOOK_PREFERENCE } from '@cab/contracts/client';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { request } from '../../api/client.ts';
import { Spinner } from '../../app/Spinner.tsx';
import { openBook } from '../../features/books/mutations.ts';
import { fetchUserInfo } from '../../features/user/queries.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { selectLoggedIn, useUserStore } from '../../stores/user.ts';

/**
 * Start-up: learn the server clock (so signatures are accepted), refresh the user if
 * signed in, then go on. Each step's failure is only logged (SPEC 8).
 */
export async function startUp(qc: QueryClient): Promise<string | undefined> {
  try {
    const res = await fetch(AUTH_PATHS.serverInfo);
    const body = (await res.json()) as { current_time_stamp: number };
    useSettingsStore.getState().setClockGap(body.current_time_stamp - Date.now());
  } catch (err) {
    console.warn('start-up: server info failed', err);
  }
  if (!selectLoggedIn(useUserStore.getState())) return undefined;
  try {
    useUserStore.getState().setUser(await fetchUserInfo());
  } catch (err) {
    console.warn('start-up: user info failed', err);
    return undefined;
  }
  // The default book opens at start (SPEC 4: opening a book).
  try {
    const prefs = await request<{ data: Array<{ key: string; value: string }> }>(
      `${BOOK_PATHS.preference}?keys=${DEFAULT_BOOK_PREFERENCE}`,
      { method: 'GET', loading: false, showError: false },
    );
    const id = prefs.data.find((p) => p.key === DEFAULT_BOOK_PREFERENCE)?.value;
    if (!id) return undefined;
    const book = await openBook(qc, id);
    return `/dashboard/index?TradingEntity=${book.id}&bookName=${encodeURIComponent(book.name)}&memberCount=${book.member_count}`;
  } catch (err) {
    console.warn('start-up: the default book could not be opened', err);
    return undefined;
  }
}

export default function LoadingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  useEffect(() => {
    let cancelled = false;
    void startUp(qc).then((dashboard) => {
      if (cancelled) return;
      const next = redirect?.startsWith('/') ? redirect : (dashboard ?? '/pages/home/index');
      navigate(next, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, qc, redirect]);
  return (
    <div className="page-center" data-testid="page-loading" style={{ flexDirection: 'column', gap: 12 }}>
      <Spinner />
      <span className="muted">{t('loadingPage.starting')}</span>
    </div>
  );
}
