import { configuredTarget, WebviewScreen } from '../../features/webviews/WebviewScreen.tsx';
import { useTranslation } from '../../i18n/index.ts';

/** webview/follow (SPEC 2; docs/host.md, "Webviews"): 关注我们, the page the operator set in CAB_FOLLOW_URL. */
export default function FollowPage() {
  const { t } = useTranslation();
  const title = t('host.webview.follow');
  return (
    <WebviewScreen title={title} testId="page-webview-follow" target={(w) => configuredTarget(w.follow_url, w.allow, 'follow', title)} />
  );
}
