import { AUDIT_TYPES, LINK_VALIDITY_DAYS, Permission, type AuditType, type LinkValidity } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useSubmitGuard } from '../../app/form.tsx';
import { LoadFailed } from '../../app/LoadFailed.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { memberQueries, useSaveInviteSetting } from '../../features/members/api.ts';
import { ChoiceGroup } from '../../features/members/components/ChoiceGroup.tsx';
import { ListSkeleton, MembersState, NoAccess } from '../../features/members/components/MembersState.tsx';
import type { InviteSetting } from '../../features/members/types.ts';
import { useMembersBook } from '../../features/members/useMembersBook.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../i18n/members.ts';

function SettingForm({ bookId, saved }: { bookId: string; saved: InviteSetting }) {
  const { t } = useTranslation();
  const [validity, setValidity] = useState<LinkValidity>(saved.link_validity);
  const [audit, setAudit] = useState<AuditType>(saved.audit_type);
  const save = useSaveInviteSetting(bookId);
  const guard = useSubmitGuard();
  const dirty = validity !== saved.link_validity || audit !== saved.audit_type;
  return (
    <>
      <div className="notice-card">{t('members.inviteSetting.hint')}</div>
      <ChoiceGroup<LinkValidity>
        label={t('members.inviteSetting.validity')}
        testId="validity"
        value={validity}
        onChange={setValidity}
        options={LINK_VALIDITY_DAYS.map((d) => ({ value: d, label: t(`members.inviteSetting.days.d${d}`) }))}
      />
      <ChoiceGroup<AuditType>
        label={t('members.inviteSetting.audit')}
        testId="audit"
        value={audit}
        onChange={setAudit}
        options={AUDIT_TYPES.map((a) => ({
          value: a,
          label: t(`members.inviteSetting.audits.${a}`),
          hint: t(`members.inviteSetting.auditHints.${a}`),
        }))}
      />
      <div className="members-bar">
        <Button
          block
          color="primary"
          disabled={!dirty}
          loading={save.isPending}
          data-testid="invite-setting-save"
          onClick={() =>
            guard(async () => {
              await save.mutateAsync({ link_validity: validity, audit_type: audit });
              showToast(t('members.inviteSetting.saved'));
            })
          }
        >
          {t('members.inviteSetting.save')}
        </Button>
      </div>
    </>
  );
}

/**
 * The book's defaults for new invitation links (SPEC 2, defaultInviteSetting; `bookId`):
 * how long a link lasts and how people join by it. Those who may add members (03000102).
 */
function DefaultInviteSetting() {
  const { t } = useTranslation();
  const m = useMembersBook();
  const { bookId, perms } = m;
  const ready = Boolean(m.book.data && perms.data);
  const allowed = perms.allowed(Permission.ADD_MEMBER);
  const setting = useQuery({ ...memberQueries.inviteSetting(bookId), enabled: ready && allowed });
  return (
    <div className="page" data-testid="page-default-invite-setting">
      <PageBar title={t('members.inviteSetting.title')} />
      <MembersState m={m} />
      {ready &&
        (!allowed ? (
          <NoAccess />
        ) : setting.isPending ? (
          <ListSkeleton />
        ) : setting.isError ? (
          <LoadFailed full onRetry={setting.refetch} />
        ) : (
          <SettingForm key={setting.dataUpdatedAt} bookId={bookId} saved={setting.data} />
        ))}
    </div>
  );
}

export default function DefaultInviteSettingPage() {
  return (
    <RequireLogin>
      <DefaultInviteSetting />
    </RequireLogin>
  );
}
