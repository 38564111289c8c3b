import { BOOK_RESTORE_DAYS, type Book } from '@cab/contracts/client';
import { ActionSheet, Dialog } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from 'react-router';
import { useLeaveBook, useSetDefaultBook } from '../mutations.ts';
import { isOwned } from '../queries.ts';
import { showToast } from '../../../app/toast.ts';

/** The book action sheet: settings, default, invite (when members open), delete or quit with confirmation. */
export function BookActions({ book, onClose }: { book: Book | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeaveBook();
  const setDefault = useSetDefaultBook();
  if (!book) return null;
  const owned = isOwned(book);

  const confirmLeave = async () => {
    onClose();
    const ok = await Dialog.confirm({
      content: owned ? t('books.deleteConfirm', { name: book.name, days: BOOK_RESTORE_DAYS }) : t('books.quitConfirm', { name: book.name }),
      confirmText: <span data-testid="confirm-leave">{owned ? t('books.delete') : t('books.quit')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await leave.mutateAsync({ book, owned });
    showToast(owned ? t('books.deleted') : t('books.quitDone'));
  };

  return (
    <ActionSheet
      visible
      onClose={onClose}
      cancelText={t('common.cancel')}
      actions={[
        { key: 'settings', text: <span data-testid="action-settings">{t('books.settings')}</span>, onClick: () => navigate(`/bookSetting/index?bookId=${book.id}`) },
        { key: 'default', text: <span data-testid="action-default">{t('books.setDefault')}</span>, onClick: async () => { onClose(); await setDefault.mutateAsync(book.id); showToast(t('books.defaultSet')); } },
        { key: 'invite', text: t('books.invite'), description: t('books.inviteSoon'), disabled: true },
        { key: 'leave', text: <span data-testid="action-leave">{owned ? t('books.delete') : t('books.quit')}</span>, danger: true, onClick: () => void confirmLeave() },
      ]}
    />
  );
}
