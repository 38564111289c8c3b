import { DEFAULT_SHARE_IMAGE } from '@cab/contracts/client';
import { Button, Image, Popup } from 'antd-mobile';
import { showToast } from '../../app/toast.ts';
import { useTranslation } from '../../i18n/index.ts';

/** The share view of a book: its share image and a link that opens its dashboard. */
export default function SharePopup({ visible, onClose, image, link }: { visible: boolean; onClose: () => void; image: string | undefined; link: string }) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, padding: 16 }}>
      <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('dashboard.shareTitle')}</div>
      <Image src={image ?? DEFAULT_SHARE_IMAGE} style={{ borderRadius: 8 }} />
      <p className="muted">{t('dashboard.shareHint')}</p>
      <Button block color="primary" onClick={() => void navigator.clipboard?.writeText(link).then(() => showToast('✓'), () => showToast(link))}>
        {t('dashboard.share')}
      </Button>
    </Popup>
  );
}
