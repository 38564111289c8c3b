import { configuredTarget, WebviewScreen } from '../../features/webviews/WebviewScreen.tsx';
import { useTranslation } from '../../i18n/index.ts';

/** webview/customer-service (SPEC 2; docs/host.md, "Webviews"): 联系客服, the page the operator set in CAB_CUSTOMER_SERVICE_URL. */
export default function CustomerServicePage() {
  const { t } = useTranslation();
  const title = t('host.webview.customerService');
  return (
    <WebviewScreen
      title={title}
      testId="page-webview-customer-service"
      target={(w) => configuredTarget(w.customer_service_url, w.allow, 'customerService', title)}
    />
  );
}
