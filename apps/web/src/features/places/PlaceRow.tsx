import { useTranslation } from '../../i18n/index.ts';
import { PlaceGlyph } from './glyphs.tsx';
import type { Place } from './place.ts';
import './places.css';
import '../../i18n/places.ts';

/**
 * The record form's 地点 row, under the remark. Empty, it offers 添加地点 (the
 * choose-location page); chosen, it shows the name with the address muted, a way to the
 * map and × to remove it; tapping the name chooses another. Read-only (a record the role
 * may not change), it shows the place and opens its map, or nothing when there is none.
 */
export function PlaceRow({
  place,
  readOnly,
  onChoose,
  onClear,
  onOpen,
}: {
  place: Place | null;
  readOnly?: boolean;
  onChoose: () => void;
  onClear: () => void;
  onOpen: (place: Place) => void;
}) {
  const { t } = useTranslation();
  if (!place) {
    if (readOnly) return null;
    return (
      <button type="button" className="rec-row place-row" data-testid="rec-place" onClick={onChoose}>
        <span className="rec-row-icon">
          <PlaceGlyph name="pin" size={20} />
        </span>
        <span className="rec-row-label">{t('places.place')}</span>
        <span className="rec-row-value muted" data-testid="rec-place-value">
          {t('places.add')}
        </span>
        <PlaceGlyph name="chevron" className="rec-row-chevron" />
      </button>
    );
  }
  return (
    <div className="place-row chosen" data-testid="rec-place">
      <button
        type="button"
        className="place-row-main"
        data-testid="rec-place-value"
        aria-label={t('places.named', { place: place.address ? `${place.name} ${place.address}` : place.name })}
        onClick={readOnly ? () => onOpen(place) : onChoose}
      >
        <span className="rec-row-icon">
          <PlaceGlyph name="pin" size={20} />
        </span>
        <span className="place-row-text">
          <span className="place-row-name" data-testid="rec-place-name">
            {place.name}
          </span>
          {place.address && (
            <span className="place-row-address" data-testid="rec-place-address">
              {place.address}
            </span>
          )}
        </span>
      </button>
      {!readOnly && (
        <button
          type="button"
          className="place-row-action"
          data-testid="rec-place-map"
          aria-label={t('places.viewMap')}
          onClick={() => onOpen(place)}
        >
          <PlaceGlyph name="map" size={20} />
        </button>
      )}
      {readOnly ? (
        <PlaceGlyph name="chevron" className="rec-row-chevron" />
      ) : (
        <button type="button" className="place-row-action" data-testid="rec-place-clear" aria-label={t('places.clear')} onClick={onClear}>
          <PlaceGlyph name="close" size={18} />
        </button>
      )}
    </div>
  );
}
