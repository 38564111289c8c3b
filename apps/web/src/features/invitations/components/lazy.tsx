import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import type { Invitation } from '@cab/contracts/client';
import { selectLoggedIn, useUserStore } from '../../../stores/user.ts';
import { invitationKeys } from '../keys.ts';

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

/**
 * Home's card of what waits for the user (additions to answer, applications, approvals);
 * drawn only when there is some. Usually there is none: the data is asked for first
 * (with the invitations' calls, a small chunk), and the card's code loads only when it
 * has something to show.
 */
export function PendingPrompts() {
  const loggedIn = useUserStore(selectLoggedIn);
  const prompts = useQuery({
    queryKey: invitationKeys.prompts(),
    queryFn: () => import('../api.ts').then((m) => m.fetchPendingPrompts()),
    enabled: loggedIn,
  });
  const d = prompts.data;
  if (!d || d.invitations.length + d.applications.length + d.to_approve.length === 0) return null;
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
