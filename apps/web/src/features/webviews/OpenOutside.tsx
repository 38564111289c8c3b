import { Button, SpinLoading } from 'antd-mobile';
import { hostCall } from '../../host/bridge.ts';
import { useHostEnv } from '../../host/useHostEnv.ts';
import { useHostOpening } from '../../host/useHostOpening.ts';
import { useTranslation } from '../../i18n/index.ts';
import { WebviewGlyph } from './glyphs.tsx';
import '../../i18n/host.ts';
import './webviews.css';

/** The page being opened: its title and the host it is on, so the user sees where they are going. */
function PageCard({ url, title }: { url: string; title: string }) {
  return (
    <div className="webview-card" data-testid="webview-card">
      <WebviewGlyph name="external" size={22} />
      <div className="webview-card-text">
        <div className="webview-card-title" data-testid="webview-title">
          {title}
        </div>
        <div className="webview-card-host" data-testid="webview-host">
          {new URL(url).host}
        </div>
      </div>
    </div>
  );
}

/** Inside a host: its own webview (`page.open`), once on arrival and again on request. */
function HostOpener({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const { opening, again } = useHostOpening(() => hostCall('page.open', { url, title }));
  if (opening.state === 'opening')
    return (
      <div className="webview-status" role="status" data-testid="webview-opening">
        <SpinLoading color="primary" />
        <span>{t('host.webview.opening')}</span>
      </div>
    );
  return (
    <div className="webview-actions">
      {opening.state === 'failed' ? (
        <div className="field-error" role="alert" data-testid="webview-failed">
          {opening.message}
        </div>
      ) : (
        <div className="muted" role="status" data-testid="webview-opened">
          {t('host.webview.opened')}
        </div>
      )}
      <Button block color="primary" fill="outline" data-testid="webview-again" onClick={again}>
        {opening.state === 'failed' ? t('host.webview.retry') : t('host.webview.again')}
      </Button>
    </div>
  );
}

/**
 * In a plain browser: a new tab on the user's tap (a tap, so no pop-up blocker stops it).
 * Not a frame: outside pages often refuse to be framed, and a frame would blur whose page
 * the user is on. `noopener` keeps the page from reaching back into CAB's window, and
 * `noreferrer` from learning CAB's address (which may name a book).
 */
function BrowserOpener({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <div className="webview-actions">
      <Button
        block
        color="primary"
        data-testid="webview-open"
        onClick={() => {
          window.open(url, '_blank', 'noopener,noreferrer');
        }}
      >
        <span className="webview-button-label">
          <WebviewGlyph name="external" size={18} />
          {t('host.webview.open')}
        </span>
      </Button>
      <div className="muted center">{t('host.webview.newTab')}</div>
    </div>
  );
}

/** An allowed outside page (already checked against the allow-list): the host's webview, or a new tab in a browser. */
export function OpenOutside({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const env = useHostEnv();
  return (
    <div className="section webview-body" data-testid="webview-page" data-env={env ?? ''}>
      <PageCard url={url} title={title} />
      {!env ? (
        <div className="webview-status" role="status" data-testid="webview-connecting">
          <SpinLoading color="primary" />
          <span>{t('host.webview.connecting')}</span>
        </div>
      ) : env === 'browser' ? (
        <BrowserOpener url={url} />
      ) : (
        <HostOpener url={url} title={title} />
      )}
    </div>
  );
}
