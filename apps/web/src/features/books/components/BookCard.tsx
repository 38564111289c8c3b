import type { Book } from '@cab/contracts/client';
import { MoreOutline } from 'antd-mobile-icons';
import { Tag } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { ellipsis } from '../../../lib/format.ts';
import { isOwned } from '../queries.ts';

interface Props {
  book: Book;
  current?: boolean;
  onOpen: (b: Book) => void;
  onMore: (b: Book) => void;
}

export function BookCard({ book, current, onOpen, onMore }: Props) {
  const { t } = useTranslation();
  return (
    <div className="book-card" data-testid={`book-${book.id}`} onClick={() => onOpen(book)}>
      <div className="book-cover" style={{ backgroundImage: `url(${book.cover || '/static/covers/cover-1.svg'})` }}>
        <span className="book-icon">{book.icon}</span>
      </div>
      <div className="book-body">
        <div className="book-name" data-testid="book-name">{ellipsis(book.name, 12)}</div>
        <div className="muted">
          {t('books.members', { count: book.member_count })}
          {isOwned(book) && <Tag color="warning" fill="outline" style={{ marginLeft: 6 }}>{t('books.owner')}</Tag>}
          {current && <Tag color="primary" style={{ marginLeft: 6 }}>{t('books.current')}</Tag>}
        </div>
      </div>
      <button className="book-more" aria-label="more" data-testid={`book-more-${book.id}`} onClick={(e) => { e.stopPropagation(); onMore(book); }}>
        <MoreOutline />
      </button>
    </div>
  );
}
