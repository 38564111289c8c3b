import type { Book } from '@cab/contracts/client';
import { Icon } from '../../../app/icons.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { isOwned } from '../queries.ts';
import { BookIcon } from './BookIcon.tsx';

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
        <BookIcon icon={book.icon} />
      </div>
      <div className="book-body">
        <div className="book-name" data-testid="book-name" title={book.name}>
          {book.name}
        </div>
        <div className="book-meta">
          <span>{t('books.members', { count: book.member_count })}</span>
          {isOwned(book) && <span className="cab-tag">{t('books.owner')}</span>}
          {current && (
            <span className="cab-tag current" data-testid={`book-current-${book.id}`}>
              {t('books.current')}
            </span>
          )}
        </div>
      </div>
      <button
        className="book-more"
        aria-label={t('books.more')}
        data-testid={`book-more-${book.id}`}
        onClick={(e) => {
          e.stopPropagation();
          onMore(book);
        }}
      >
        <Icon name="more" />
      </button>
    </div>
  );
}
