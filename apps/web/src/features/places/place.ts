import {
  COORDINATE_DECIMALS,
  PLACE_ADDRESS_MAX,
  PLACE_NAME_MAX,
  clipGraphemes,
  isCoordinate,
  looksEmpty,
  stripControlChars,
  stripDirectionControls,
  type Place,
} from '@cab/contracts/client';

/**
 * A record's place on the web (docs/host.md, "Places"): what a host's picker, the
 * browser's Geolocation or a link gives is made to fit the contract's `Place` before it
 * reaches the form, so a save is never refused for a place the user did not type.
 */
export type { Place };

/** Degrees to the six decimals the contract keeps (about 0.1 m); undefined when not a coordinate within `limit`. */
export function roundCoordinate(v: unknown, limit: 90 | 180): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  const rounded = Number(v.toFixed(COORDINATE_DECIMALS));
  return isCoordinate(rounded, limit) ? rounded : undefined;
}

/** A name as the contract's `Name` takes it: one line, no direction controls, within its length; '' when it looks empty. */
export const cleanName = (v: string): string => {
  const text = clipGraphemes(stripDirectionControls(stripControlChars(v, false), true).trim(), PLACE_NAME_MAX).trim();
  return looksEmpty(text) ? '' : text;
};
/** An address as the contract's `Text` takes it; '' when it looks empty. */
export const cleanAddress = (v: string): string => {
  const text = clipGraphemes(stripDirectionControls(stripControlChars(v, false), false).trim(), PLACE_ADDRESS_MAX).trim();
  return looksEmpty(text) ? '' : text;
};

/**
 * Anything a host or storage answered, as a place the server takes: a name (cleaned and
 * cut to its length) and both coordinates (rounded to six decimals). Undefined when it
 * has no name or no valid coordinates.
 */
export function cleanPlace(raw: unknown): Place | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const name = typeof r.name === 'string' ? cleanName(r.name) : '';
  const latitude = roundCoordinate(r.latitude, 90);
  const longitude = roundCoordinate(r.longitude, 180);
  if (!name || latitude === undefined || longitude === undefined) return undefined;
  const address = typeof r.address === 'string' ? cleanAddress(r.address) : '';
  return { name, ...(address ? { address } : {}), latitude, longitude };
}

/** A coordinate as text in a link: plain decimal digits only (no exponent, no hex, no spaces). */
const COORDINATE_TEXT = /^-?\d{1,3}(\.\d+)?$/;
const coordinateOf = (text: string | null, limit: 90 | 180) =>
  text !== null && COORDINATE_TEXT.test(text) ? roundCoordinate(Number(text), limit) : undefined;

/**
 * The place an `open-location` link names (`?name=&address=&lat=&lng=`), or undefined
 * when its coordinates are missing or not valid. A link without a name is shown as
 * `unnamed` (the coordinates are what matter to a map).
 */
export function placeFromQuery(params: URLSearchParams, unnamed: string): Place | undefined {
  const latitude = coordinateOf(params.get('lat'), 90);
  const longitude = coordinateOf(params.get('lng'), 180);
  if (latitude === undefined || longitude === undefined) return undefined;
  return cleanPlace({ name: cleanName(params.get('name') ?? '') || unnamed, address: params.get('address') ?? '', latitude, longitude });
}

/** The `open-location` page of a place. */
export function openLocationPath(p: Place): string {
  const q = new URLSearchParams({
    name: p.name,
    ...(p.address ? { address: p.address } : {}),
    lat: String(p.latitude),
    lng: String(p.longitude),
  });
  return `/open-location?${q.toString()}`;
}

/** The place on OpenStreetMap (no key, no account; opened in a new tab). */
export function mapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(COORDINATE_DECIMALS);
  const lng = longitude.toFixed(COORDINATE_DECIMALS);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}
