import { BOOK_RESTORE_DAYS, type Book } from '@cab/contracts/client';
import { useNavigate } from '../../../lib/hash-router.tsx';
import { confirmDestructive } from '../../../app/confirm.tsx';
import { Sheet } from '../../../app/Sheet.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useInvitePermission } from '../invite-permission.ts';
import { useLeaveBook, useSetDefaultBook } from '../mutations.ts';
import { isOwned } from '../queries.ts';
import '../../../i18n/invitations.ts';

/**
 * The book action sheet: settings (not on the settings page itself), default, invite
 * (for those whose role may: 03000102; the owner always may), delete or quit with
 * confirmation. Invite opens the page's invite popup (`onInvite`), else the share page's.
 */
export interface BookActionsProps {
  book: Book | undefined;
  onClose: () => void;
  onSettingsPage?: boolean;
  onInvite?: (book: Book) => void;
}

export function BookActions({ book, onClose, onSettingsPage, onInvite }: BookActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeaveBook();
  const setDefault = useSetDefaultBook();
  const owned = book ? isOwned(book) : false;
  const mayInvite = useInvitePermission(book?.id ?? '', Boolean(book) && !owned);
  if (!book) return null;

  const confirmLeave = async () => {
    onClose();
    const ok = await confirmDestructive(
      owned ? t('books.deleteConfirm', { name: book.name, days: BOOK_RESTORE_DAYS }) : t('books.quitConfirm', { name: book.name }),
      owned ? t('books.delete') : t('books.quit'),
      'confirm-leave',
    );
    if (!ok) return;
    await leave.mutateAsync({ book, owned });
    showToast(owned ? t('books.deleted') : t('books.quitDone'));
    if (onSettingsPage) navigate('/pages/book/index', { replace: true });
  };

  const actions = [
    ...(onSettingsPage
      ? []
      : [
          {
            key: 'settings',
            text: <span data-testid="action-settings">{t('books.settings')}</span>,
            onClick: () => {
              onClose();
              navigate(`/bookSetting/index?bookId=${book.id}`);
            },
          },
        ]),
    {
      key: 'default',
      text: <span data-testid="action-default">{t('books.setDefault')}</span>,
      onClick: async () => {
        onClose();
        await setDefault.mutateAsync(book);
        showToast(t('books.defaultSet'));
      },
    },
    {
      key: 'invite',
      text: <span data-testid="action-invite">{t('books.invite')}</span>,
      ...(!owned && mayInvite.data === false ? { description: t('invitations.noPermission'), disabled: true } : {}),
      onClick: () => {
        onClose();
        if (onInvite) onInvite(book);
        else navigate(`/share/index?bookId=${encodeURIComponent(book.id)}&invite=1`);
      },
    },
    {
      key: 'leave',
      text: <span data-testid="action-leave">{owned ? t('books.delete') : t('books.quit')}</span>,
      danger: true,
      onClick: () => void confirmLeave(),
    },
  ];
  return <Sheet visible onClose={onClose} actions={actions} label={book.name} />;
}
