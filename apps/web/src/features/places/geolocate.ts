import { roundCoordinate } from './place.ts';

/** Why the browser gave no position: the user or the site's settings said no, none to be had, too slow, or no API at all. */
export type LocateFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export interface Located {
  latitude: number;
  longitude: number;
}

/** How long the device may take once asked (the permission prompt is not counted by the browser). */
export const LOCATE_TIMEOUT_MS = 15_000;

export class LocateError extends Error {
  constructor(readonly kind: LocateFailure) {
    super(`geolocation: ${kind}`);
    this.name = 'LocateError';
  }
}

/** GeolocationPositionError's codes: 1 permission denied, 2 position unavailable, 3 timeout. */
const KIND: Record<number, LocateFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

/**
 * The device's position once, through the Geolocation API, rounded to the six decimals a
 * place keeps. A position from the last minute will do: the user is where they were.
 */
export function locate(): Promise<Located> {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geo || typeof geo.getCurrentPosition !== 'function') return Promise.reject(new LocateError('unsupported'));
  return new Promise<Located>((resolve, reject) => {
    geo.getCurrentPosition(
      (pos) => {
        const latitude = roundCoordinate(pos.coords.latitude, 90);
        const longitude = roundCoordinate(pos.coords.longitude, 180);
        if (latitude === undefined || longitude === undefined) reject(new LocateError('unavailable'));
        else resolve({ latitude, longitude });
      },
      (err) => reject(new LocateError(KIND[err.code] ?? 'unavailable')),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

/** Whether this browser has the API at all (an insecure page or an old browser may not). */
export const canLocate = (): boolean => typeof navigator !== 'undefined' && typeof navigator.geolocation?.getCurrentPosition === 'function';
