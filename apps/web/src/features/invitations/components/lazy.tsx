import { Suspense, lazy, useState } from 'react';
import type { Invitation } from '@cab/contracts/client';

/**
 * The invitations area's pieces that the book lists show: the invite popup and the
 * pending prompts. Each is a chunk of its own, loaded when first needed, so home's
 * first load carries none of their code or texts.
 */
const InvitePopupImpl = lazy(() => import('./InvitePopup.tsx'));
const PendingPromptsImpl = lazy(() => import('./PendingPrompts.tsx'));
const AddByPhonePopupImpl = lazy(() => import('./AddByPhonePopup.tsx'));

export interface InviteTarget {
  id: string;
  name: string;
}

/** The invite popup for `book` (none: closed). Mounted from the first opening on, so closing still animates. */
export function InvitePopup({
  book,
  onClose,
  onCreated,
}: {
  book: InviteTarget | undefined;
  onClose: () => void;
  onCreated?: (invitation: Invitation) => void;
}) {
  const [last, setLast] = useState(book);
  if (book && (book.id !== last?.id || book.name !== last.name)) setLast(book);
  const shown = book ?? last;
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <InvitePopupImpl
        bookId={shown.id}
        bookName={shown.name}
        visible={Boolean(book)}
        onClose={onClose}
        {...(onCreated ? { onCreated } : {})}
      />
    </Suspense>
  );
}

/** Home's card of what waits for the user (additions to answer, applications, approvals); drawn only when there is some. */
export function PendingPrompts() {
  return (
    <Suspense fallback={null}>
      <PendingPromptsImpl />
    </Suspense>
  );
}

/** Adding a member by phone to `bookId`; mounted from the first opening on, so closing still animates. */
export function AddByPhonePopup({ bookId, visible, onClose }: { bookId: string; visible: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AddByPhonePopupImpl bookId={bookId} visible={visible} onClose={onClose} />
    </Suspense>
  );
}
