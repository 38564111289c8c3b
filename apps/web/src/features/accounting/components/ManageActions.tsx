import { DIMENSION_NAME_MAX, ErrorCode } from '@cab/contracts/client';
import { useState } from 'react';
import { ApiError } from '../../../api/request.ts';
import { Sheet } from '../../../app/Sheet.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { EditPopup } from '../../../app/EditPopup.tsx';
import { confirmDestructive } from '../../../app/confirm.tsx';
import { moveTargets, moved, VIEW_KIND, type ManageRow, type ManageView } from '../manage.ts';
import { useCreateDimension, useDeleteDimension, useSortDimension, useUpdateDimension } from '../mutations.ts';
import '../../../i18n/accounting.ts';

/**
 * What can be done to one item: rename, hide or show, move up or down, add a
 * subcategory (first-level categories), delete. Deleting an item that records use
 * asks where they go (same kind; none for members, merchants and projects).
 */
export function ManageActions({
  view,
  bookId,
  rows,
  row,
  onClose,
}: {
  view: ManageView;
  bookId: string;
  rows: ManageRow[];
  row: ManageRow | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const kind = VIEW_KIND[view];
  const update = useUpdateDimension(kind, bookId);
  const sort = useSortDimension(kind, bookId);
  const del = useDeleteDimension(kind, bookId);
  const create = useCreateDimension(kind, bookId);
  const [editing, setEditing] = useState<{ row: ManageRow; what: 'rename' | 'sub' }>();
  const [moving, setMoving] = useState<{ row: ManageRow; message: string }>();
  const none =
    view === 'members' || view === 'merchants' || view === 'projects' ? t(`accounting.none.${view.slice(0, -1) as 'member'}`) : '';

  const run = (fn: () => Promise<unknown>) => {
    onClose();
    void fn().catch(() => undefined); // the request wrapper has toasted why
  };
  const remove = async (r: ManageRow, moveTo?: string) => {
    try {
      await del.mutateAsync({ id: r.id, moveTo });
      showToast(t(moveTo ? 'manage.movedDeleted' : 'manage.deleted'));
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.DIMENSION_IN_USE && !moveTo) setMoving({ row: r, message: err.message });
      else showToast(err instanceof Error ? err.message : t('common.noNetwork'));
    }
  };
  const askDelete = async (r: ManageRow) => {
    const text = r.subIds.length ? t('manage.deleteSubsConfirm', { name: r.name }) : t('manage.deleteConfirm', { name: r.name });
    if (await confirmDestructive(text, t('manage.delete'))) await remove(r);
  };

  const edit = (r: ManageRow, what: 'rename' | 'sub') => () => {
    onClose();
    setEditing({ row: r, what });
  };
  const up = row && moved(rows, row, -1);
  const down = row && moved(rows, row, 1);
  const targets = moving ? moveTargets(view, rows, moving.row, none) : [];
  return (
    <>
      <Sheet
        visible={Boolean(row)}
        onClose={onClose}
        label={row?.name}
        actions={
          row
            ? [
                { key: 'rename', text: <span data-testid="manage-rename">{t('manage.rename')}</span>, onClick: edit(row, 'rename') },
                ...((view === 'expense' || view === 'income') && row.level === 0
                  ? [{ key: 'sub', text: <span data-testid="manage-add-sub">{t('manage.addSub')}</span>, onClick: edit(row, 'sub') }]
                  : []),
                {
                  key: 'hide',
                  text: <span data-testid="manage-hide">{row.hidden ? t('manage.show') : t('manage.hide')}</span>,
                  onClick: () =>
                    run(async () => {
                      await update.mutateAsync({ id: row.id, patch: { hidden: !row.hidden } });
                      showToast(t(row.hidden ? 'manage.shownDone' : 'manage.hiddenDone'));
                    }),
                },
                {
                  key: 'up',
                  text: <span data-testid="manage-up">{t('manage.up')}</span>,
                  disabled: !up,
                  onClick: () => up && run(() => sort.mutateAsync(up)),
                },
                {
                  key: 'down',
                  text: <span data-testid="manage-down">{t('manage.down')}</span>,
                  disabled: !down,
                  onClick: () => down && run(() => sort.mutateAsync(down)),
                },
                {
                  key: 'delete',
                  danger: true,
                  // A member that stands for a user of the book stays (the server refuses it too).
                  disabled: row.userMember,
                  text: <span data-testid="manage-delete">{t('manage.delete')}</span>,
                  onClick: () => {
                    onClose();
                    void askDelete(row);
                  },
                },
              ]
            : []
        }
      />
      <Sheet
        visible={Boolean(moving)}
        onClose={() => setMoving(undefined)}
        label={t('manage.moveTitle')}
        title={
          <span data-testid="move-title">
            {moving?.message || t('manage.moveTitle')}
            {!targets.length && (
              <>
                <br />
                {t('manage.noTarget')}
              </>
            )}
          </span>
        }
        actions={[
          ...targets.map((x) => ({
            key: x.id,
            text: <span data-testid={`move-to-${x.id}`}>{x.name}</span>,
            onClick: () => {
              const r = moving?.row;
              setMoving(undefined);
              if (r) void remove(r, x.id);
            },
          })),
        ]}
      />
      {editing && (
        <EditPopup
          testId="manage-name"
          title={editing.what === 'rename' ? t('manage.rename') : t('manage.addSub')}
          initial={editing.what === 'rename' ? editing.row.name : ''}
          placeholder={t('search.namePlaceholder', { n: DIMENSION_NAME_MAX })}
          maxLength={DIMENSION_NAME_MAX}
          text={{ kind: 'name', empty: t('search.nameEmpty') }}
          onSave={async (v) => {
            if (editing.what === 'rename') {
              await update.mutateAsync({ id: editing.row.id, patch: { name: v.trim() } });
              showToast(t('manage.renamed'));
            } else {
              await create.mutateAsync({ name: v.trim(), type: view === 'income' ? 'Income' : 'Expense', parent_id: editing.row.id });
              showToast(t('search.added'));
            }
          }}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
