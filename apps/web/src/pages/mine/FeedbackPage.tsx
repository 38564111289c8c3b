import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, graphemeLength } from '@cab/contracts/client';
import { Button, Result } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from '../../lib/hash-router.tsx';
import { ApiError } from '../../api/request.ts';
import { Counter, FieldError, useField, useSubmitGuard, textInput, required } from '../../app/form.tsx';
import { PageBar } from '../../app/PageBar.tsx';
import { RequireLogin } from '../../app/RequireLogin.tsx';
import { useSendFeedback } from '../../features/mine/api.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../i18n/mine-links.ts';
import '../../features/mine/mine-links.css';

/** Cut as typed, at a grapheme, to the limit the server counts the same way. */

/**
 * 意见反馈 (mine page): what the user writes, and how to reach them if they like, kept for
 * an operator (`npm run cab -- feedback list`). The server's refusals (too often: 429)
 * show under the form as it words them; once sent, a thank-you with the way back.
 */
function Feedback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const guard = useSubmitGuard();
  const send = useSendFeedback();
  const [refused, setRefused] = useState<string>();
  const [sent, setSent] = useState(false);
  const content = useField('', {
    filter: textInput(FEEDBACK_CONTENT_MAX),
    validate: required(t('mineLinks.feedback.required')),
  });
  const contact = useField('', { filter: textInput(FEEDBACK_CONTACT_MAX) });

  if (sent)
    return (
      <div className="section mine-links-done" data-testid="feedback-sent">
        <Result status="success" title={t('mineLinks.feedback.thanks')} description={t('mineLinks.feedback.thanksBody')} />
        <div className="padded mine-links-actions">
          <Button
            block
            fill="outline"
            color="primary"
            data-testid="feedback-another"
            onClick={() => {
              content.onChange('');
              setSent(false);
            }}
          >
            {t('mineLinks.feedback.another')}
          </Button>
          <Button block color="primary" data-testid="feedback-back" onClick={() => navigate('/pages/mine/index')}>
            {t('mineLinks.feedback.backToMine')}
          </Button>
        </div>
      </div>
    );

  const onSubmit = () => {
    if (!content.check()) return;
    setRefused(undefined);
    const reach = contact.value.trim();
    guard(() =>
      send.mutateAsync({ content: content.value, ...(reach ? { contact: reach } : {}) }).then(
        () => setSent(true),
        (err: unknown) => setRefused(err instanceof ApiError ? err.message : t('common.serverHiccup')),
      ),
    );
  };
  return (
    <form
      className="section mine-links-form"
      data-testid="feedback-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <p className="muted">{t('mineLinks.feedback.lead')}</p>
      <label htmlFor="feedback-content">{t('mineLinks.feedback.content')}</label>
      <textarea
        id="feedback-content"
        data-testid="feedback-content"
        value={content.value}
        placeholder={t('mineLinks.feedback.contentPlaceholder')}
        onChange={(e) => content.onChange(e.target.value)}
      />
      <div className="mine-links-count">
        <FieldError error={content.error} testId="feedback-error" />
        <span data-testid="feedback-count">
          <Counter value={content.value} max={FEEDBACK_CONTENT_MAX} count={graphemeLength} />
        </span>
      </div>
      <label htmlFor="feedback-contact">{t('mineLinks.feedback.contact')}</label>
      <input
        id="feedback-contact"
        data-testid="feedback-contact"
        autoComplete="email"
        value={contact.value}
        placeholder={t('mineLinks.feedback.contactPlaceholder')}
        onChange={(e) => contact.onChange(e.target.value)}
      />
      {refused && (
        <div className="field-error" role="alert" data-testid="feedback-refused">
          {refused}
        </div>
      )}
      <Button block color="primary" type="submit" loading={send.isPending} data-testid="feedback-submit">
        {t('mineLinks.feedback.submit')}
      </Button>
    </form>
  );
}

export default function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="page-feedback">
      <PageBar title={t('mineLinks.feedback.title')} />
      <RequireLogin>
        <Feedback />
      </RequireLogin>
    </div>
  );
}
