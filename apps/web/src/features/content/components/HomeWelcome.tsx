import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { contentKeys, contentQueries, useContentUser } from '../api.ts';

/** The home page's popup code (SPEC 7: operationPopup {body: {popupCodeList}}). */
export const HOME_POPUP = 'homeWelcome';

// The popup itself (antd-mobile's modal and its animation code) loads only when there is one to show.
const WelcomeModal = lazy(() => import('./WelcomeModal.tsx'));

/**
 * The home page's operation popup, once per user: the server answers it only while the
 * user has not been shown it, and marks it shown as it answers (docs/market.md). Asked
 * once a session (the answer is kept); closing it empties the kept answer, so coming
 * back to home does not show it again. Logged out nothing is asked (there is no one to
 * remember it for; home asks them to log in instead).
 */
export default function HomeWelcome() {
  const { uid, loggedIn } = useContentUser();
  const qc = useQueryClient();
  const popups = useQuery({ ...contentQueries.popup(uid, HOME_POPUP), enabled: loggedIn });
  const popup = popups.data?.find((p) => p.show);
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeModal popup={popup} onClose={() => qc.setQueryData(contentKeys.popup(uid, HOME_POPUP), [])} />
    </Suspense>
  );
}
