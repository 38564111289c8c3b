import { alertDialog } from '../../app/confirm.tsx';
import { showToast } from '../../app/toast.ts';
import { i18n } from '../../i18n/index.ts';
import { browserShareEnv, shareLink } from '../../lib/share.ts';
import '../../i18n/content.ts';

/**
 * Shares a page of the app the way the device can (docs/ui.md, "Actions"): the system
 * share sheet, else the link copied; says which it did, and when neither works shows
 * the link to copy by hand.
 */
export async function shareAppLink(data: { title: string; text: string; url: string }): Promise<void> {
  const outcome = await shareLink(data, browserShareEnv());
  if (outcome === 'shared') showToast(i18n.t('content.share.shared'));
  if (outcome === 'copied') showToast(i18n.t('content.share.copied'));
  if (outcome === 'failed')
    void alertDialog(
      <div data-testid="share-by-hand">
        <p>{i18n.t('content.share.failed')}</p>
        <p className="share-link">{data.url}</p>
      </div>,
      i18n.t('common.confirm'),
    );
}
