import { COORDINATE_DECIMALS } from '@cab/contracts/client';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { PlaceGlyph } from './glyphs.tsx';
import { mapUrl } from './place.ts';
import './places.css';
import '../../i18n/places.ts';

/** "纬度 30.259244，经度 120.151634": six decimals, as the place keeps them. */
export function CoordinatesText({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation();
  return (
    <div className="place-coords" data-testid="place-coords">
      {t('places.coords', { lat: latitude.toFixed(COORDINATE_DECIMALS), lng: longitude.toFixed(COORDINATE_DECIMALS) })}
    </div>
  );
}

/** A place's name, address and coordinates, with a pin. */
export function PlaceCard({
  name,
  address,
  latitude,
  longitude,
}: {
  name: ReactNode;
  address?: string | undefined;
  latitude: number;
  longitude: number;
}) {
  return (
    <div className="place-card" data-testid="place-card">
      <PlaceGlyph name="pin" size={22} />
      <div className="place-card-text">
        <div className="place-card-name" data-testid="place-name">
          {name}
        </div>
        {address && (
          <div className="place-card-address" data-testid="place-address">
            {address}
          </div>
        )}
        <CoordinatesText latitude={latitude} longitude={longitude} />
      </div>
    </div>
  );
}

/** The place on a web map, in a new tab that cannot reach back into this one. */
export function MapLink({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation();
  return (
    <a className="place-map-link" data-testid="place-map-link" href={mapUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer">
      <PlaceGlyph name="map" size={18} />
      {t('places.viewMap')}
    </a>
  );
}
