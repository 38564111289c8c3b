import { webviewHref, type Webviews } from '@cab/contracts/client';
import { Button, SpinLoading } from 'antd-mobile';
import { EmptyState } from '../../app/EmptyState.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar, useBack } from '../../app/PageBar.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { OpenOutside } from './OpenOutside.tsx';
import { useWebviews } from './queries.ts';
import '../../i18n/host.ts';
import './webviews.css';

/** What a webview page shows once the allow-list is in. */
export type WebviewTarget =
  | { kind: 'open'; url: string; title: string }
  /** A link outside the allow-list: shown as text, never opened. */
  | { kind: 'refused'; url: string }
  /** A link with no url at all. */
  | { kind: 'missing' }
  /** A page the operator has not set (CAB_CUSTOMER_SERVICE_URL, CAB_FOLLOW_URL). */
  | { kind: 'notSet'; which: 'customerService' | 'follow' };

/**
 * A page the operator configured: open when it is set and, like any link, under the
 * allow-list (the server checks at start; checking again costs nothing and keeps the
 * page's rule in one place).
 */
export function configuredTarget(
  url: string | null,
  allow: readonly string[],
  which: 'customerService' | 'follow',
  title: string,
): WebviewTarget {
  if (url === null) return { kind: 'notSet', which };
  const href = webviewHref(url, allow);
  return href ? { kind: 'open', url: href, title } : { kind: 'refused', url };
}

/** A link's own title is anyone's text: control and direction characters go, so it cannot disguise itself. */
export const cleanTitle = (raw: string | null): string =>
  (raw ?? '').replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').trim();

function Refused({ url }: { url: string | undefined }) {
  const { t } = useTranslation();
  const back = useBack();
  return (
    <EmptyState
      kind="notFound"
      full
      testId={url === undefined ? 'webview-missing' : 'webview-refused'}
      title={url === undefined ? t('host.webview.missing') : t('host.webview.refused')}
      description={
        url === undefined ? undefined : (
          <>
            {t('host.webview.refusedHint')}
            <span className="webview-url" data-testid="webview-refused-url">
              {url}
            </span>
          </>
        )
      }
      action={
        <Button color="primary" onClick={back}>
          {t('host.webview.back')}
        </Button>
      }
    />
  );
}

/** The three webview pages' frame: the bar, then loading, failure, refusal, not set, or the page to open. */
export function WebviewScreen({ title, testId, target }: { title: string; testId: string; target: (w: Webviews) => WebviewTarget }) {
  const { t } = useTranslation();
  const query = useWebviews();
  const shown = query.data ? target(query.data) : undefined;
  return (
    <div className="page" data-testid={testId} data-state={shown?.kind ?? (query.isError ? 'failed' : 'loading')}>
      <PageBar title={shown?.kind === 'open' ? shown.title : title} />
      {!shown ? (
        query.isError ? (
          <LoadFailed full onRetry={query.refetch} />
        ) : (
          <div className="webview-status" role="status" data-testid="webview-loading">
            <SpinLoading color="primary" />
            <span>{t('host.webview.loading')}</span>
          </div>
        )
      ) : shown.kind === 'open' ? (
        // One opener per page: another link on the same screen starts over (and asks the host again).
        <OpenOutside key={shown.url} url={shown.url} title={shown.title} />
      ) : shown.kind === 'notSet' ? (
        <EmptyState
          kind="empty"
          full
          testId="webview-not-set"
          title={shown.which === 'customerService' ? t('host.webview.notSetCustomerService') : t('host.webview.notSetFollow')}
          description={t('host.webview.notSetHint')}
        />
      ) : (
        <Refused url={shown.kind === 'refused' ? shown.url : undefined} />
      )}
    </div>
  );
}
