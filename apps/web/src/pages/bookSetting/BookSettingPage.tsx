import { BOOK_ICONS, BOOK_NAME_MAX, BOOK_REMARK_MAX, Permission } from '@cab/contracts/client';
import { List, Popup, Skeleton } from 'antd-mobile';
import { Suspense, lazy, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { BookGone } from '../../app/BookGone.tsx';
import { Icon } from '../../app/icons.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { BookIcon } from '../../features/books/components/BookIcon.tsx';
import { BookActions } from '../../features/books/components/lazy.tsx';
import { useUpdateBook } from '../../features/books/mutations.ts';
import { isBookGone, isOwned, useBook, useCoverMaterials } from '../../features/books/queries.ts';
import { useBookPermissions } from '../../features/members/permissions.ts';
import { useBookExport } from '../../features/exports/useBookExport.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useBookStore } from '../../stores/book.ts';
import { ReportSettings } from './ReportSettings.tsx';

// The name and remark sheets load when first opened: the page's first load stays within its budget.
const EditPopup = lazy(() => import('../../app/EditPopup.tsx').then((m) => ({ default: m.EditPopup })));

// Editing the book (05000101), recording (010001), which importing bills is, and reading the flow (01), which exporting it is.
const EDIT_CODES: readonly string[] = [Permission.EDIT_BOOK, Permission.ADD_TRANSACTION, Permission.TRANSACTION_GROUP];

function BookSettings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = useBookStore((s) => s.bookId);
  const bookId = params.get('bookId') || current;
  const book = useBook(bookId);
  const covers = useCoverMaterials();
  const update = useUpdateBook(bookId);
  const [editing, setEditing] = useState<'name' | 'remark' | 'cover' | 'icon'>();
  const [more, setMore] = useState(false);
  const save = async (patch: Parameters<typeof update.mutateAsync>[0]) => {
    await update.mutateAsync(patch);
    showToast(t('bookSetting.saved'));
  };
  const b = book.data;
  // Only a role that may edit the book (05000101) is offered the edit sheets: the owner at once,
  // anyone else once their permissions are known (kept per book, so usually at once too).
  const perms = useBookPermissions(bookId, b?.role_list[0]?.role_id, EDIT_CODES);
  const owned = Boolean(b && isOwned(b));
  const mayEdit = owned || perms.allowed(Permission.EDIT_BOOK);
  const edit = (what: 'name' | 'remark' | 'cover' | 'icon') => (mayEdit ? () => setEditing(what) : undefined);
  const mayImport = owned || perms.allowed(Permission.ADD_TRANSACTION);
  const mayExport = owned || perms.allowed(Permission.TRANSACTION_GROUP);
  const exportSheet = useBookExport(bookId, owned);
  if (!bookId || (book.isError && isBookGone(book.error))) {
    return (
      <div className="page" data-testid="page-book-setting">
        <PageBar title={t('bookSetting.title')} />
        <BookGone bookId={bookId} />
      </div>
    );
  }
  return (
    <div className="page" data-testid="page-book-setting">
      <PageBar
        title={t('bookSetting.title')}
        right={
          b && (
            <a className="link" role="button" aria-label={t('books.more')} data-testid="book-setting-more" onClick={() => setMore(true)}>
              <Icon name="more" size={22} />
            </a>
          )
        }
      />
      {book.isPending && (
        <div className="section padded">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      )}
      {book.isError && <LoadFailed full onRetry={book.refetch} />}
      {b && (
        <>
          {perms.data && !mayEdit && (
            <div className="notice-card" role="status" data-testid="setting-read-only">
              {t('bookSetting.readOnly')}
            </div>
          )}
          <div className="section">
            <List>
              <List.Item
                data-testid="setting-name"
                extra={
                  <span className="row-value" data-testid="setting-name-value" title={b.name}>
                    {b.name}
                  </span>
                }
                onClick={edit('name')}
              >
                {t('bookSetting.name')}
              </List.Item>
              <List.Item
                data-testid="setting-remark"
                extra={<span className="row-value">{b.remark || t('bookSetting.noRemark')}</span>}
                onClick={edit('remark')}
              >
                {t('bookSetting.remark')}
              </List.Item>
              <List.Item
                data-testid="setting-icon"
                extra={
                  <span className="book-cover" style={{ width: 40, height: 32, backgroundImage: `url(${b.cover})` }}>
                    <BookIcon icon={b.icon} size={16} />
                  </span>
                }
                onClick={edit('icon')}
              >
                {t('bookSetting.icon')}
              </List.Item>
              <List.Item
                data-testid="setting-cover"
                extra={
                  <div
                    className="book-cover"
                    data-testid="setting-cover-value"
                    data-cover={b.cover}
                    style={{ backgroundImage: `url(${b.cover})`, width: 64, height: 40 }}
                  />
                }
                onClick={edit('cover')}
              >
                {t('bookSetting.cover')}
              </List.Item>
              <List.Item extra={b.currency}>{t('bookSetting.currency')}</List.Item>
              <List.Item extra={<span className="row-value">{b.user_name}</span>}>{t('bookSetting.creator')}</List.Item>
            </List>
          </div>
          <ReportSettings book={b} save={save} readOnly={!mayEdit} />
          <div className="section">
            <List>
              <List.Item data-testid="setting-members" onClick={() => navigate(`/roleSetting/index?bookId=${b.id}`)}>
                {t('bookSetting.members')}
              </List.Item>
              {mayImport && (
                <List.Item data-testid="setting-import" onClick={() => navigate(`/import/index?bookId=${b.id}`)}>
                  {t('common.importBills')}
                </List.Item>
              )}
              {mayExport && (
                <List.Item data-testid="setting-export" onClick={exportSheet.open}>
                  {t('exportBook.row')}
                </List.Item>
              )}
              <List.Item data-testid="setting-community" onClick={() => navigate(`/community/list?bookId=${b.id}`)}>
                {t('areas.community')}
              </List.Item>
              <List.Item data-testid="setting-cloud" onClick={() => navigate(`/cloud/index?bookId=${b.id}`)}>
                {t('areas.cloud')}
              </List.Item>
              <List.Item data-testid="book-setting-private" onClick={() => navigate(`/private/index?bookId=${b.id}`)}>
                {t('areas.migration')}
              </List.Item>
              <List.Item onClick={() => navigate('/bookSetting/pages/law')}>{t('bookSetting.law')}</List.Item>
            </List>
          </div>
        </>
      )}
      <Suspense fallback={null}>
        {b && mayEdit && editing === 'name' && (
          <EditPopup
            testId="book-name"
            title={t('bookSetting.name')}
            initial={b.name}
            placeholder={t('bookSetting.namePlaceholder')}
            maxLength={BOOK_NAME_MAX}
            text={{ kind: 'name', empty: t('bookSetting.nameEmpty') }}
            onSave={(v) => save({ name: v.trim() })}
            onClose={() => setEditing(undefined)}
          />
        )}
        {b && mayEdit && editing === 'remark' && (
          <EditPopup
            testId="book-remark"
            title={t('bookSetting.remark')}
            initial={b.remark}
            placeholder={t('bookSetting.remarkPlaceholder')}
            maxLength={BOOK_REMARK_MAX}
            text={{ kind: 'text' }}
            onSave={(v) => save({ remark: v.trim() })}
            onClose={() => setEditing(undefined)}
          />
        )}
      </Suspense>
      <Popup
        visible={editing === 'cover' || editing === 'icon'}
        onMaskClick={() => setEditing(undefined)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div className="padded" style={{ fontWeight: 600 }}>
          {editing === 'icon' ? t('bookSetting.icon') : t('bookSetting.cover')}
        </div>
        {editing === 'cover' && covers.isPending && (
          <div className="padded">
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        )}
        <div className="cover-grid" data-testid="cover-grid">
          {editing === 'cover' &&
            covers.data?.map((c) => (
              <div
                key={c.id}
                role="button"
                aria-label={c.name}
                data-testid={`cover-${c.id}`}
                className={`cover-option${b?.cover === c.url ? ' selected' : ''}`}
                style={{ backgroundImage: `url(${c.url})` }}
                onClick={() => void save({ cover: c.url }).then(() => setEditing(undefined))}
              />
            ))}
          {editing === 'icon' &&
            BOOK_ICONS.map((i) => (
              <div
                key={i}
                role="button"
                aria-label={t(`bookIcons.${i}`)}
                data-testid={`icon-${i}`}
                className={`cover-option icon-option${b?.icon === i ? ' selected' : ''}`}
                onClick={() => void save({ icon: i }).then(() => setEditing(undefined))}
              >
                <BookIcon icon={i} />
              </div>
            ))}
        </div>
      </Popup>
      {more && b && <BookActions book={b} onSettingsPage onClose={() => setMore(false)} />}
      {exportSheet.element}
    </div>
  );
}

export default function BookSettingPage() {
  return (
    <RequireLogin>
      <BookSettings />
    </RequireLogin>
  );
}
