import { DEFAULT_SHARE_IMAGE, type Book } from '@cab/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { LoadFailed } from '../../../app/LoadFailed.tsx';
import { showToast } from '../../../app/toast.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount } from '../../../lib/format.ts';
import { BookIcon } from '../../books/components/BookIcon.tsx';
import { metric, statisticsQueries } from '../../flows/api.ts';
import { dayName } from '../../flows/dates.ts';
import { calendarOf, civilAt, dayId } from '../../flows/time.ts';
import { knownHostEnv } from '../../../lib/host-env.ts';
import { shareBackHomeLink, shareOut } from '../../../host/share.ts';
import { canShare, copyText } from '../clipboard.ts';
import { InviteGlyph } from './glyphs.tsx';
import '../../../i18n/invitations.ts';

/** The cover a shared book shows: its share image, else its cover, else the default share image (SPEC 3). */
const coverOf = (book: Book) => book.images_url.find((i) => i.image_type === 'share')?.file_url || book.cover || DEFAULT_SHARE_IMAGE;

/**
 * Today's share (SPEC 2): the book's day, in the book's time zone, as the statistics
 * summaries count it: income, expense and the number of records, with the book's name
 * and cover, to share or copy as text.
 */
export function ShareCard({ book }: { book: Book }) {
  const { t } = useTranslation();
  // The book's day at the moment the page opened: a day that turns while it is open stays the one shown.
  const today = useMemo(() => civilAt(calendarOf(book).timeZone, Date.now()), [book]);
  const summary = useQuery(statisticsQueries.summary(book.id, { group_filter: { group_key: 'TIME_DAY', group_id: dayId(today) } }));
  const [manual, setManual] = useState<string>();
  const date = dayName(today, today.y);
  const numbers = summary.data && {
    income: formatAmount(metric(summary.data.metric_data, 'INCOME')),
    expense: formatAmount(metric(summary.data.metric_data, 'EXPENSE')),
    count: Number(metric(summary.data.metric_data, 'COUNT')),
  };
  const text = numbers && t('invitations.summaryText', { name: book.name, date, ...numbers });

  const copy = async () => {
    if (!text) return;
    if (await copyText(text)) showToast(t('invitations.copied'));
    else setManual(text); // no clipboard: the text to copy by hand
  };
  const share = async () => {
    if (!text) return;
    // The link brings whoever opens it back home (scene 00001), through the host's sheet inside a host.
    const outcome = await shareOut({ title: book.name, text, url: shareBackHomeLink(book.id), image: coverOf(book) }, 'today');
    if (outcome === 'shared') showToast(t('invitations.shared'));
    if (outcome === 'copied') showToast(t('invitations.linkCopied'));
    if (outcome === 'failed') await copy();
  };

  return (
    <section className="section share-card" data-testid="share-card" aria-labelledby="share-book-name">
      <div className="share-cover" style={{ backgroundImage: `url(${coverOf(book)})` }}>
        <span className="share-cover-icon">
          <BookIcon icon={book.icon} size={22} />
        </span>
        <div className="share-cover-text">
          <h2 id="share-book-name" className="book-name share-book-name">
            {book.name}
          </h2>
          <div className="share-date" data-testid="share-date">
            {t('invitations.today', { date })}
          </div>
        </div>
      </div>
      {summary.isError ? (
        <LoadFailed onRetry={summary.refetch} />
      ) : (
        <dl className="share-numbers">
          <div>
            <dt>{t('invitations.income')}</dt>
            <dd data-testid="share-income">{numbers ? numbers.income : <Skeleton.Title animated />}</dd>
          </div>
          <div>
            <dt>{t('invitations.expense')}</dt>
            <dd data-testid="share-expense">{numbers ? numbers.expense : <Skeleton.Title animated />}</dd>
          </div>
          <div>
            <dt>{t('invitations.records')}</dt>
            <dd data-testid="share-count">
              {numbers ? t('invitations.recordCount', { count: numbers.count }) : <Skeleton.Title animated />}
            </dd>
          </div>
        </dl>
      )}
      {manual && (
        <p className="share-manual" data-testid="share-manual">
          <span className="muted">{t('invitations.copyFailed')}</span>
          <span className="share-manual-text">{manual}</span>
        </p>
      )}
      <div className="share-actions">
        <Button block fill="outline" color="primary" data-testid="share-copy" disabled={!text} onClick={() => void copy()}>
          <InviteGlyph name="copy" /> {t('invitations.copy')}
        </Button>
        {(canShare() || knownHostEnv() !== 'browser') && (
          <Button block color="primary" data-testid="share-system" disabled={!text} onClick={() => void share()}>
            <InviteGlyph name="share" /> {t('invitations.share')}
          </Button>
        )}
      </div>
    </section>
  );
}
