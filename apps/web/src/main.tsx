import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router.tsx';
import './app/react19-compat.ts';
import './i18n/index.ts';
import { useSettingsStore } from './stores/settings.ts';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // The request wrapper already retries what is worth retrying (clock skew, expired token).
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

function App() {
  const language = useSettingsStore((s) => s.language);
  const router = useMemo(() => createAppRouter(), []);
  return (
    <ConfigProvider locale={language === 'en' ? enUS : zhCN}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
