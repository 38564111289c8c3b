import { PLACE_ADDRESS_MAX, PLACE_NAME_MAX } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../app/EmptyState.tsx';
import { Counter, FieldError, nameInput, required, textInput, useField } from '../../app/form.tsx';
import { useTranslation, type TKey } from '../../i18n/index.ts';
import { canLocate, locate, LocateError, type LocateFailure, type Located } from './geolocate.ts';
import { PlaceGlyph } from './glyphs.tsx';
import { CoordinatesText, MapLink } from './PlaceCard.tsx';
import { cleanPlace, type Place } from './place.ts';
import './places.css';
import '../../i18n/places.ts';

const FAILURE_TEXT: Record<Exclude<LocateFailure, 'unsupported'>, TKey> = {
  denied: 'places.choose.denied',
  unavailable: 'places.choose.unavailable',
  timeout: 'places.choose.timeout',
};

/**
 * In a plain browser: the device's position (the Geolocation API, asked only when the user
 * taps 使用当前位置, so the browser's prompt follows a tap), shown with a map link; the user
 * names the place (an address is optional) and 确定 hands it back. Without the API there
 * is no place to choose: a place needs its coordinates.
 */
export function BrowserChooser({ onPicked, onBack }: { onPicked: (place: Place) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [locating, setLocating] = useState(false);
  const [failure, setFailure] = useState<LocateFailure>();
  const [at, setAt] = useState<Located>();
  const name = useField('', { filter: nameInput(PLACE_NAME_MAX), validate: required(t('places.choose.nameRequired')) });
  const address = useField('', { filter: textInput(PLACE_ADDRESS_MAX) });
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  if (!canLocate())
    return (
      <EmptyState
        kind="failed"
        full
        testId="choose-unsupported"
        title={t('places.choose.unsupported')}
        action={
          <Button color="primary" onClick={onBack}>
            {t('places.choose.back')}
          </Button>
        }
      />
    );

  const findMe = () => {
    if (locating) return;
    setLocating(true);
    setFailure(undefined);
    locate().then(
      (pos) => {
        if (!mounted.current) return;
        setLocating(false);
        setAt(pos);
      },
      (err: unknown) => {
        if (!mounted.current) return;
        setLocating(false);
        setFailure(err instanceof LocateError ? err.kind : 'unavailable');
      },
    );
  };

  const confirm = () => {
    if (!at || !name.check()) return;
    const place = cleanPlace({ name: name.value, address: address.value, ...at });
    if (place) onPicked(place);
    else name.setError(t('places.choose.nameRequired'));
  };

  const failureText =
    failure && failure !== 'unsupported' ? t(FAILURE_TEXT[failure]) : failure ? t('places.choose.unsupported') : undefined;
  return (
    <div className="section place-page-body" data-testid="choose-browser">
      <p className="place-lead muted">{t('places.choose.lead')}</p>
      {at && (
        <div className="place-card" data-testid="choose-located">
          <PlaceGlyph name="locate" size={22} />
          <div className="place-card-text">
            <div className="place-card-name">{t('places.choose.located')}</div>
            <CoordinatesText latitude={at.latitude} longitude={at.longitude} />
          </div>
        </div>
      )}
      {at && <MapLink latitude={at.latitude} longitude={at.longitude} />}
      <div className="place-actions">
        <Button
          block
          color="primary"
          fill={at ? 'outline' : 'solid'}
          loading={locating}
          loadingText={t('places.choose.locating')}
          data-testid="choose-locate"
          onClick={findMe}
        >
          {at ? t('places.choose.relocate') : t('places.choose.useCurrent')}
        </Button>
      </div>
      <FieldError error={failureText} testId="choose-locate-error" />
      {at && (
        <form
          className="place-form"
          data-testid="choose-form"
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          <label htmlFor="place-name">{t('places.choose.name')}</label>
          <input
            id="place-name"
            data-testid="choose-name"
            autoComplete="off"
            enterKeyHint="next"
            value={name.value}
            placeholder={t('places.choose.namePlaceholder')}
            onChange={(e) => name.onChange(e.target.value)}
          />
          <div className="place-count">
            <FieldError error={name.error} testId="choose-name-error" />
            <Counter value={name.value} max={PLACE_NAME_MAX} />
          </div>
          <label htmlFor="place-address">{t('places.choose.address')}</label>
          <input
            id="place-address"
            data-testid="choose-address"
            autoComplete="street-address"
            enterKeyHint="done"
            value={address.value}
            placeholder={t('places.choose.addressPlaceholder')}
            onChange={(e) => address.onChange(e.target.value)}
          />
          <div className="place-count">
            <Counter value={address.value} max={PLACE_ADDRESS_MAX} />
          </div>
          <div className="place-actions">
            <Button block color="primary" type="submit" data-testid="choose-confirm">
              {t('places.choose.confirm')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
