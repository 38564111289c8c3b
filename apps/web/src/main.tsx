import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.tsx';
import { reloadOnNewBuild } from './app/stale-build.ts';
import { startOpenedPage } from './app/start.ts';
import { startTracking } from './app/tracking.ts';
import { requestedHost } from './lib/host-env.ts';
import { comeBackHome, takeLinkToken } from './host/link-token.ts';
import { watchLinkTokens } from './host/link-watch.ts';
import { loadToast } from './app/toast.ts';
import { loadLanguage } from './i18n/index.ts';
import { onFirstInteraction, whenIdle } from './lib/idle.ts';
import { useSettingsStore } from './stores/settings.ts';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // The request wrapper already retries what is worth retrying (clock skew, expired token).
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

type AntdLocale = typeof zhCN;

/** antd-mobile's own texts follow the app's language; English loads only when chosen. */
function useAntdLocale(): AntdLocale {
  const language = useSettingsStore((s) => s.language);
  const [en, setEn] = useState<AntdLocale>();
  useEffect(() => {
    if (language === 'en' && !en) void import('antd-mobile/es/locales/en-US').then((m) => setEn(m.default));
  }, [language, en]);
  return language === 'en' && en ? en : zhCN;
}

function App() {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </ConfigProvider>
  );
}

reloadOnNewBuild({
  addEventListener: (type, listener) => window.addEventListener(type, listener),
  currentEntry: () => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? undefined,
  fetchIndex: () => fetch('/', { cache: 'no-store' }).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`index.html: ${r.status}`)))),
  reload: () => window.location.reload(),
  storage: sessionStorage,
  now: () => Date.now(),
});

const root = document.getElementById('root');
if (root) {
  // Before anything reads the address: a token in it leaves it at once (host/link-token.ts),
  // and a share opened with scene 00001 goes home.
  const link = takeLinkToken();
  comeBackHome();
  // A token arriving later, by a hash change of the running app, is taken the same way.
  watchLinkTokens();
  startTracking();
  // Inside a host the user is signed in by it, and a link's token is traded, before the
  // first page asks for data; in a plain browser with neither, nothing waits.
  const signedIn = Promise.all([
    requestedHost()
      ? import('./host/start.ts').then((m) => m.startHost(queryClient)).catch((err: unknown) => console.warn('host start failed', err))
      : undefined,
    link ? import('./host/link-exchange.ts').then((m) => m.exchangeLinkToken(link)).catch(() => false) : undefined,
  ]);
  // The opened page's code and the user's language arrive together; index.html's
  // start-up screen shows meanwhile (at most 10 s: then the app draws its own).
  const ready = Promise.all([
    signedIn.then(() => startOpenedPage(queryClient)),
    loadLanguage(useSettingsStore.getState().language).catch((err: unknown) => console.warn('language load failed', err)),
  ]);
  void Promise.race([ready, new Promise((r) => setTimeout(r, 10_000))]).then(() => {
    // As a transition, the first render yields to the browser every few milliseconds
    // instead of holding the main thread for its whole length (taps stay responsive).
    const app = createRoot(root);
    startTransition(() =>
      app.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    // Toasts follow what the user does: their code (with antd-mobile's animation library)
    // comes at the first touch, not with the first screen; one needed before shows as plain text if offline.
    onFirstInteraction(() => void loadToast().catch(() => undefined));
    // Live updates (docs/live.md) are not needed for the first screen either.
    whenIdle(() => void import('./features/live/start.ts').then((m) => m.startLive(queryClient)).catch(() => undefined));
    // Records made offline are sent, the app's files and the recording screen's lists kept for offline starts (docs/offline.md).
    whenIdle(() => void import('./features/offline/start.ts').then((m) => m.startOffline(queryClient)).catch(() => undefined));
    // A book the caller is no longer in is found at the first refused call (features/books/left.ts; refusals heard before wait).
    whenIdle(() => void import('./features/books/left.ts').then((m) => m.watchBookRefusals(queryClient)).catch(() => undefined));
  });
}
