import type { HomeTag } from '@cab/contracts/client';
import { Button, Popup, Selector } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { useChooseTag, useContentUser } from '../api.ts';
import { tagName } from '../format.ts';

/**
 * The choice of home tags: every tag, the chosen ones highlighted with a check; a tap
 * picks or drops one at once (logged in the server keeps it, logged out this page does).
 */
export default function TagSheet({ visible, tags, onClose }: { visible: boolean; tags: readonly HomeTag[]; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { loggedIn } = useContentUser();
  const choose = useChooseTag();
  const selected = tags.filter((x) => x.is_selected).map((x) => x.tagCode);
  const onChange = (next: string[]) => {
    const picked = next.find((code) => !selected.includes(code));
    const dropped = selected.find((code) => !next.includes(code));
    if (picked !== undefined) choose.mutate({ tagCode: picked, selected: true });
    else if (dropped !== undefined) choose.mutate({ tagCode: dropped, selected: false });
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="flow-tag-sheet" destroyOnClose>
      <div data-testid="flow-tag-sheet">
        <h2 className="flow-tag-sheet-title">{t('content.tags.manageTitle')}</h2>
        <p className="flow-tag-sheet-hint">{t('content.tags.manageHint')}</p>
        <Selector<string>
          multiple
          value={selected}
          onChange={onChange}
          options={tags.map((tag) => ({
            value: tag.tagCode,
            label: <span data-testid={`tag-choice-${tag.tagCode}`}>{tagName(tag, i18n.language)}</span>,
          }))}
        />
        {!loggedIn && <p className="flow-tag-sheet-hint">{t('content.tags.localHint')}</p>}
        <Button block color="primary" className="flow-tag-sheet-done" data-testid="flow-tags-done" onClick={onClose}>
          {t('content.tags.done')}
        </Button>
      </div>
    </Popup>
  );
}
