import { webviewHref } from '@cab/contracts/client';
import { WebviewScreen, cleanTitle, type WebviewTarget } from '../../features/webviews/WebviewScreen.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useSearchParams } from '../../lib/hash-router.tsx';

/**
 * webview/open?url=<encoded>&title= (SPEC 2; docs/host.md, "Webviews"): any outside page
 * a link names, opened only when it is under the operator's allow-list. Anything else is
 * refused with the address shown as text, and nothing is opened.
 */
export default function WebviewOpenPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = params.get('url');
  const title = cleanTitle(params.get('title'));
  const target = ({ allow }: { allow: readonly string[] }): WebviewTarget => {
    if (!url) return { kind: 'missing' };
    const href = webviewHref(url, allow);
    return href ? { kind: 'open', url: href, title: title || new URL(href).host } : { kind: 'refused', url };
  };
  return <WebviewScreen title={t('host.webview.openTitle')} testId="page-webview-open" target={target} />;
}
