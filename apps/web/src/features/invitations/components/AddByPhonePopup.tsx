import { APPLY_REMARK_MAX, PHONE_LENGTH, normalizePhone, type AddMemberResult, type Role } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Popup, Selector, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { clip, Counter, digitsOnly, FieldError, useField, useSubmitGuard } from '../../../app/form.tsx';
import { useCloseOnLeave } from '../../../app/Sheet.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useAddByPhone } from '../add-by-phone.ts';
import { invitationQueries } from '../api.ts';
import { priceLabel, roleName } from '../labels.ts';
import { InviteGlyph } from './glyphs.tsx';
import '../invitations.css';
import '../../../i18n/invitations.ts';

/** The viewer's role when the caller may give it (the least a new member needs), else the first. */
const firstChoice = (roles: Role[]) => (roles.find((r) => r.role_code === 'viewer') ?? roles[0])?.role_id ?? '';

function AddForm({ bookId, roles, onSent }: { bookId: string; roles: Role[]; onSent: (r: AddMemberResult) => void }) {
  const { t } = useTranslation();
  const add = useAddByPhone(bookId);
  const guard = useSubmitGuard();
  const phone = useField('', {
    filter: digitsOnly(PHONE_LENGTH),
    validate: (v) => (normalizePhone(v) ? undefined : v ? t('login.badPhone') : t('login.noPhone')),
  });
  const remark = useField('', { filter: clip(APPLY_REMARK_MAX) });
  const [roleId, setRoleId] = useState(firstChoice(roles));
  const submit = () => {
    if (!phone.check()) return;
    guard(async () => {
      const sent = await add.mutateAsync({
        phone: phone.value,
        role_id: roleId,
        ...(remark.value.trim() ? { remark: remark.value.trim() } : {}),
      });
      onSent(sent);
    });
  };
  return (
    <div className="invite-form" data-testid="add-phone-form">
      <label className="field-label" htmlFor="add-phone">
        {t('invitations.addByPhone.phone')}
      </label>
      <Input
        id="add-phone"
        data-testid="add-phone-input"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('invitations.addByPhone.phonePlaceholder')}
        value={phone.value}
        onChange={phone.onChange}
        clearable
        aria-invalid={Boolean(phone.error)}
        aria-describedby="add-phone-notice"
      />
      <FieldError error={phone.error} testId="add-phone-error" />
      {/* The same words whoever the number is: the answer will not say more (docs/members.md). */}
      <div className="muted invite-hint" id="add-phone-notice" data-testid="add-phone-notice">
        {t('invitations.addByPhone.notice')}
      </div>

      <div className="field-label" id="add-phone-role">
        {t('invitations.addByPhone.role')}
      </div>
      {roles.length === 0 ? (
        <div className="muted" data-testid="add-phone-no-roles">
          {t('invitations.noRoles')}
        </div>
      ) : (
        <Selector<string>
          columns={2}
          aria-labelledby="add-phone-role"
          data-testid="add-phone-roles"
          value={[roleId]}
          options={roles.map((r) => ({ label: roleName(r), value: r.role_id, description: priceLabel(r) }))}
          onChange={(v) => v[0] && setRoleId(v[0])}
        />
      )}

      <label className="field-label" htmlFor="add-phone-remark">
        {t('invitations.remark')}
      </label>
      <div className="field-row">
        <Input
          id="add-phone-remark"
          data-testid="add-phone-remark"
          value={remark.value}
          onChange={remark.onChange}
          placeholder={t('invitations.remarkPlaceholder')}
          clearable
        />
        <Counter value={remark.value} max={APPLY_REMARK_MAX} />
      </div>

      <Button
        block
        color="primary"
        className="invite-submit"
        data-testid="add-phone-submit"
        loading={add.isPending}
        disabled={roles.length === 0}
        onClick={submit}
      >
        {t('invitations.addByPhone.submit')}
      </Button>
    </div>
  );
}

/** What the server answered: the same for every number, in the user's language. */
function Sent({ result, onAgain, onDone }: { result: AddMemberResult; onAgain: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="invite-form add-phone-sent" data-testid="add-phone-sent" role="status">
      <div className="add-phone-sent-title">
        <InviteGlyph name="review" size={20} /> {t('invitations.addByPhone.doneTitle')}
      </div>
      <p className="add-phone-sent-text" data-testid="add-phone-sent-notice">
        {result.notice}
      </p>
      <div className="join-dialog-actions">
        <Button block data-testid="add-phone-again" onClick={onAgain}>
          {t('invitations.addByPhone.another')}
        </Button>
        <Button block color="primary" data-testid="add-phone-done" onClick={onDone}>
          {t('invitations.addByPhone.done')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Adding a member by phone (the members page, for those holding 03000102): a number, the
 * role and a note. The form and the answer say the same whoever has the number; a limit
 * reached is the server's words in a toast, as any refused action.
 */
export default function AddByPhonePopup({ bookId, visible, onClose }: { bookId: string; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useQuery({ ...invitationQueries.roles(bookId), enabled: visible });
  const [sent, setSent] = useState<AddMemberResult>();
  // A new form each time: a fresh key empties it.
  const [round, setRound] = useState(0);
  const close = () => {
    setSent(undefined);
    setRound((n) => n + 1);
    onClose();
  };
  useCloseOnLeave(visible, close);
  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      destroyOnClose
      bodyClassName="invite-popup"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '88vh', overflowY: 'auto' }}
    >
      <div className="invite-popup-head" data-testid="add-phone-popup">
        <InviteGlyph name="userAdd" size={20} />
        <h2 className="invite-popup-title">{t('invitations.addByPhone.title')}</h2>
      </div>
      {sent ? (
        <Sent
          result={sent}
          onAgain={() => {
            setSent(undefined);
            setRound((n) => n + 1);
          }}
          onDone={close}
        />
      ) : roles.isError ? (
        <LoadFailed onRetry={roles.refetch} />
      ) : !roles.data ? (
        <div className="padded" data-testid="add-phone-loading">
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : (
        <AddForm key={round} bookId={bookId} roles={roles.data} onSent={setSent} />
      )}
    </Popup>
  );
}
