import { cleanPlace, type Place } from './place.ts';

/**
 * How a chosen place gets back to the form that asked for it. The form names itself (its
 * visit: one history entry of the record page) before it opens `choose-location`; the page
 * leaves the place under that name and goes back; the form takes it when it is drawn
 * again. In session storage, so a reload of either page on the way loses nothing, and
 * named, so a place chosen from a page opened some other way never lands in a form that
 * did not ask for it. Taking it forgets it: it is applied once.
 */
const ASKED = 'cab.place.asked';
const PICKED = 'cab.place.picked';

function read(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
function write(key: string, value: unknown): void {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A blocked storage only loses this one hand-off: the user chooses again.
  }
}

/** The form `asker` is about to open choose-location. */
export function askForPlace(asker: string): void {
  write(PICKED, undefined);
  write(ASKED, asker);
}

/** The choose page's answer: for the form that asked, if any. */
export function handBackPlace(place: Place): void {
  const asker = read(ASKED);
  write(ASKED, undefined);
  if (typeof asker === 'string' && asker) write(PICKED, { asker, place });
}

/** The place chosen for `asker`, once; undefined when none was. */
export function takePickedPlace(asker: string): Place | undefined {
  const picked = read(PICKED) as { asker?: unknown; place?: unknown } | undefined;
  if (!picked || picked.asker !== asker) return undefined;
  write(PICKED, undefined);
  return cleanPlace(picked.place);
}
