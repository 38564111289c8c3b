import { DEFAULT_SHARE_IMAGE } from '@cab/contracts/client';
import { Button, Image, Popup } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../app/toast.ts';
import { useTranslation } from '../../i18n/index.ts';
import { shareOut } from '../../host/share.ts';

/** The share view of a book: its share image, and a share action that says what it did. */
export default function SharePopup({
  visible,
  onClose,
  image,
  link,
  bookName,
}: {
  visible: boolean;
  onClose: () => void;
  image: string | undefined;
  link: string;
  bookName: string;
}) {
  const { t } = useTranslation();
  const [failedLink, setFailedLink] = useState<string>();
  const share = async () => {
    const outcome = await shareOut(
      { title: bookName, text: t('dashboard.shareText', { name: bookName }), url: link, ...(image ? { image } : {}) },
      'book',
    );
    if (outcome === 'shared') showToast(t('dashboard.shared'));
    if (outcome === 'copied') showToast(t('dashboard.linkCopied'));
    if (outcome === 'failed') setFailedLink(link); // let the user copy it by hand
    if (outcome !== 'failed' && outcome !== 'cancelled') onClose();
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, padding: 16 }}>
      <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('dashboard.shareTitle')}</div>
      <Image src={image ?? DEFAULT_SHARE_IMAGE} style={{ borderRadius: 8 }} alt="" />
      <p className="muted">{t('dashboard.shareHint')}</p>
      {failedLink && (
        <p className="share-link" data-testid="share-link">
          {t('dashboard.copyByHand')} <span>{failedLink}</span>
        </p>
      )}
      <Button block color="primary" data-testid="share-now" onClick={() => void share()}>
        {t('dashboard.share')}
      </Button>
    </Popup>
  );
}
