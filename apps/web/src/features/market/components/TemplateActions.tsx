import type { TemplateSummary } from '@cab/contracts/client';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { showToast } from '../../../app/toast.ts';
import { i18n } from '../../../i18n/index.ts';
import { whenIdle } from '../../../lib/idle.ts';
import { TemplatePopup, usePrefetchBookPopups } from '../../books/components/lazy.tsx';
import { useCollectTemplate, useMarketUser } from '../api.ts';
import type { LoginReason } from './LoginPrompt.tsx';
import '../../../i18n/market.ts';

// The login prompt is a popup, whose animation code weighs some 25 KB: it loads when the
// browser is idle after the screen is drawn (logged out), so the screen comes first.
const loadLoginPopup = () => import('./LoginPopup.tsx');
const LoginPopup = lazy(loadLoginPopup);

export interface TemplateActions {
  /** Keeps or lets go a template; logged out, asks to log in instead. */
  toggleCollect: (t: TemplateSummary) => void;
  /** Makes a book from a template (the books' own name step and create flow); logged out, asks to log in. */
  use: (t: TemplateSummary) => void;
  askLogin: (reason: LoginReason) => void;
  /** The id of the template whose heart is being sent, to keep a second tap from crossing the first. */
  collecting: string | undefined;
  /** The popups these actions open: render once on the screen. */
  popups: ReactNode;
}

/**
 * What a template offers wherever it is shown (the market, a template's page, its
 * preview, my favourites), so the rules are in one place: collecting and using need a
 * session (SPEC 5), and a book is made by the same popup as on home.
 */
export function useTemplateActions(): TemplateActions {
  const { loggedIn } = useMarketUser();
  const collect = useCollectTemplate();
  // Mounted from the first opening on, so closing still animates.
  const [asking, setAsking] = useState<{ reason: LoginReason; open: boolean; opened: boolean }>({
    reason: 'collect',
    open: false,
    opened: false,
  });
  // The template stays while the popup closes, so it does not flash back to the picker.
  const [using, setUsing] = useState<{ template: TemplateSummary | undefined; open: boolean }>({ template: undefined, open: false });
  usePrefetchBookPopups(loggedIn);
  useEffect(() => {
    if (!loggedIn) whenIdle(() => void loadLoginPopup().catch(() => undefined));
  }, [loggedIn]);

  const askLogin = (reason: LoginReason) => setAsking({ reason, open: true, opened: true });
  const toggleCollect = (t: TemplateSummary) => {
    if (!loggedIn) return askLogin('collect');
    if (collect.isPending && collect.variables?.id === t.id) return;
    collect.mutate(
      { id: t.id, collected: !t.collected },
      { onSuccess: (r) => showToast(i18n.t(r.collected ? 'market.collectedToast' : 'market.uncollectedToast')) },
    );
  };
  const use = (t: TemplateSummary) => (loggedIn ? setUsing({ template: t, open: true }) : askLogin('use'));

  const popups = (
    <>
      {asking.opened && (
        <Suspense fallback={null}>
          <LoginPopup reason={asking.reason} visible={asking.open} onClose={() => setAsking((a) => ({ ...a, open: false }))} />
        </Suspense>
      )}
      <TemplatePopup visible={using.open} template={using.template} onClose={() => setUsing((u) => ({ ...u, open: false }))} />
    </>
  );
  return { toggleCollect, use, askLogin, collecting: collect.isPending ? collect.variables?.id : undefined, popups };
}
