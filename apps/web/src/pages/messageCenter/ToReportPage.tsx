import { MESSAGE_PATHS, REPORT_REASON_MAX, REPORT_TARGET_TYPES, looksEmpty } from '@cab/contracts/client';
import { useMutation } from '@tanstack/react-query';
import { Button, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/hash-router.tsx';
import { request } from '../../api/client.ts';
import { ApiError } from '../../api/request.ts';
import { EmptyState } from '../../app/EmptyState.tsx';
import { Counter, FieldError, useField, useSubmitGuard, textInput } from '../../app/form.tsx';
import { PageBar, useBack } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { showToast } from '../../app/toast.ts';
import { isMessageId } from '../../features/messages/api.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/messages/messages.css';
import '../../i18n/messages.ts';

type TargetType = (typeof REPORT_TARGET_TYPES)[number];
const REASONS = ['spam', 'abuse', 'fraud', 'illegal', 'other'] as const;
type Reason = (typeof REASONS)[number];
const isTargetType = (v: string | null): v is TargetType => (REPORT_TARGET_TYPES as readonly (string | null)[]).includes(v);

/** What is sent: the chosen reason's words, then what the user wrote ("垃圾广告：..."). */
export const reportReason = (label: string | undefined, text: string): string => {
  const written = looksEmpty(text) ? '' : text.trim();
  if (label && written) return `${label}：${written}`;
  return label ?? written;
};

/**
 * Reporting a message, a community thread or a comment (SPEC 2, messageCenter/toReport
 * ?target_type=message|thread|comment&target_id=): a reason chosen and/or written, to the
 * moderation queue. The server's refusals (already reported: 409, too many: 429) show
 * under the form as it words them.
 */
function ToReport({ targetType, targetId }: { targetType: TargetType; targetId: string }) {
  const { t } = useTranslation();
  const back = useBack();
  const guard = useSubmitGuard();
  const [choice, setChoice] = useState<Reason>();
  const [refused, setRefused] = useState<string>();
  const label = choice ? t(`messages.report.${choice}`) : undefined;
  const text = useField('', { filter: textInput(REPORT_REASON_MAX) });
  const submit = useMutation({
    mutationFn: (reason: string) =>
      request<{ data: { report_id: string } }>(MESSAGE_PATHS.report, {
        method: 'POST',
        showError: false,
        tradingEntity: '',
        data: { target_type: targetType, target_id: targetId, reason },
      }),
  });
  const onSubmit = () => {
    const reason = reportReason(label, text.value);
    if (!reason) return text.setError(t('messages.report.required'));
    if (reason.length > REPORT_REASON_MAX)
      return text.setError(t('messages.report.tooLong', { max: REPORT_REASON_MAX - (reason.length - text.value.trim().length) }));
    setRefused(undefined);
    guard(() =>
      submit.mutateAsync(reason).then(
        () => {
          showToast(t('messages.report.done'));
          back();
        },
        (err: unknown) => setRefused(err instanceof ApiError ? err.message : t('common.serverHiccup')),
      ),
    );
  };
  return (
    <form
      className="msg-report"
      data-testid="report-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <fieldset>
        <legend>{t('messages.report.reasons')}</legend>
        <Selector<Reason>
          value={choice ? [choice] : []}
          onChange={(v) => {
            setChoice(v[0]);
            text.setError(undefined);
          }}
          options={REASONS.map((r) => ({ value: r, label: <span data-testid={`report-reason-${r}`}>{t(`messages.report.${r}`)}</span> }))}
        />
      </fieldset>
      <label className="msg-report-label" htmlFor="report-text">
        {t('messages.report.detail')}
      </label>
      <textarea
        id="report-text"
        data-testid="report-text"
        value={text.value}
        placeholder={t('messages.report.placeholder')}
        onChange={(e) => text.onChange(e.target.value)}
      />
      <div className="msg-report-count">
        <FieldError error={text.error} testId="report-error" />
        <span style={{ marginLeft: 'auto' }} data-testid="report-count">
          <Counter value={text.value} max={REPORT_REASON_MAX} />
        </span>
      </div>
      {refused && (
        <div className="field-error" role="alert" data-testid="report-refused">
          {refused}
        </div>
      )}
      <Button block color="primary" type="submit" loading={submit.isPending} data-testid="report-submit">
        {t('messages.report.submit')}
      </Button>
    </form>
  );
}

export default function ToReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = params.get('target_type');
  const id = params.get('target_id');
  return (
    <RequireLogin>
      <div className="page" data-testid="page-report">
        <PageBar title={t('messages.report.title')} />
        {isTargetType(type) && isMessageId(id) ? (
          <ToReport targetType={type} targetId={id} />
        ) : (
          <EmptyState
            kind="notFound"
            testId="report-bad-target"
            title={t('messages.report.badTarget')}
            action={
              <Button size="small" color="primary" fill="outline" onClick={() => navigate('/messageCenter/list', { replace: true })}>
                {t('messages.detail.back')}
              </Button>
            }
          />
        )}
      </div>
    </RequireLogin>
  );
}
