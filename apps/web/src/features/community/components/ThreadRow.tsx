import { shownNickname, type Thread } from '@cab/contracts/client';
import { useTranslation } from '../../../i18n/index.ts';
import { formatDateTime } from '../../members/format.ts';
import { CommunityGlyph } from './glyphs.tsx';
import '../../../i18n/community.ts';
import '../community.css';

/** A message's first line that has something in it. */
export const firstLine = (message: string): string => message.split('\n').find((l) => l.trim()) ?? '';

/** One thread in a list: its subject, the first line of its message, who, when, how many replies, and its notice mark. */
export function ThreadRow({ thread, onOpen }: { thread: Thread; onOpen: (t: Thread) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <button type="button" className="community-row" data-testid={`thread-${thread.tid}`} onClick={() => onOpen(thread)}>
        <span className="community-row-head">
          {thread.pinned && (
            <span className="community-mark" data-testid="thread-pinned">
              {t('community.notice')}
            </span>
          )}
          {thread.scene === 'official' && <span className="community-mark official">{t('community.official')}</span>}
          <span className="community-row-subject">{thread.subject}</span>
        </span>
        <span className="community-row-line">{firstLine(thread.message)}</span>
        <span className="community-row-meta">
          <span className="community-row-author">{shownNickname(thread.author.nickname, i18n.language) || t('community.someone')}</span>
          <span>{formatDateTime(thread.created_at)}</span>
          <span className="community-row-replies" data-testid="thread-replies">
            <CommunityGlyph name="comment" />
            {thread.reply_count}
          </span>
        </span>
      </button>
    </li>
  );
}
