import { BOOK_ICONS, type BookIconName } from '@cab/contracts/client';
import { Icon, type IconName } from '../../../app/icons.tsx';

const ICONS: Record<BookIconName, IconName> = {
  book: 'ledger',
  home: 'home',
  family: 'family',
  shop: 'shop',
  travel: 'travel',
  renovation: 'renovation',
  baby: 'baby',
  wedding: 'wedding',
  car: 'car',
  money: 'money',
  study: 'study',
  pet: 'pet',
};

export const isBookIcon = (v: string): v is BookIconName => (BOOK_ICONS as readonly string[]).includes(v);

/** A book's icon on its cover; an unknown name shows the plain book. */
export function BookIcon({ icon, size = 22 }: { icon: string; size?: number }) {
  return (
    <span className="book-icon" style={{ fontSize: size }} aria-hidden="true">
      <Icon name={ICONS[isBookIcon(icon) ? icon : 'book']} />
    </span>
  );
}
