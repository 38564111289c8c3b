import { Button, SpinLoading } from 'antd-mobile';
import { useMemo } from 'react';
import { EmptyState } from '../../app/EmptyState.tsx';
import { PageBar, useBack } from '../../app/PageBar.tsx';
import { hostCall } from '../../host/bridge.ts';
import { useHostOpening } from '../../host/useHostOpening.ts';
import { MapLink, PlaceCard } from '../../features/places/PlaceCard.tsx';
import { placeFromQuery, type Place } from '../../features/places/place.ts';
import { useHostEnv } from '../../host/useHostEnv.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useSearchParams } from '../../lib/hash-router.tsx';
import '../../features/places/places.css';
import '../../i18n/places.ts';

/** Inside a host: its map at the place (`location.open`), once on arrival and again on request. */
function HostOpener({ place }: { place: Place }) {
  const { t } = useTranslation();
  const { opening, again } = useHostOpening(() => hostCall('location.open', place));
  if (opening.state === 'opening')
    return (
      <div className="place-status" role="status" data-testid="open-host-opening">
        <SpinLoading color="primary" />
        <span>{t('places.open.opening')}</span>
      </div>
    );
  return (
    <div className="place-actions">
      {opening.state === 'failed' ? (
        <div className="field-error" role="alert" data-testid="open-host-failed">
          {opening.message}
        </div>
      ) : (
        <div className="muted" role="status" data-testid="open-host-opened">
          {t('places.open.opened')}
        </div>
      )}
      <Button block color="primary" fill="outline" data-testid="open-again" onClick={again}>
        {opening.state === 'failed' ? t('places.choose.retry') : t('places.open.again')}
      </Button>
    </div>
  );
}

/**
 * open-location?name=&address=&lat=&lng= (SPEC 2; docs/host.md, "Places"): a record's
 * place on a map. Inside a host, the host's map; in a plain browser, the place with a link
 * to a web map. A link whose coordinates are missing or wrong opens nothing.
 */
export default function OpenLocationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const env = useHostEnv();
  const back = useBack();
  const query = params.toString();
  const unnamed = t('places.unnamed');
  // One place per address: the host is asked again only when the link changes.
  const place = useMemo(() => placeFromQuery(new URLSearchParams(query), unnamed), [query, unnamed]);
  return (
    <div className="page" data-testid="page-open-location" data-env={env ?? ''}>
      <PageBar title={t('places.open.title')} />
      {!place ? (
        <EmptyState
          kind="notFound"
          full
          testId="open-bad"
          title={t('places.open.bad')}
          description={t('places.open.badHint')}
          action={
            <Button color="primary" onClick={back}>
              {t('places.choose.back')}
            </Button>
          }
        />
      ) : (
        <div className="section place-page-body">
          <PlaceCard name={place.name} address={place.address} latitude={place.latitude} longitude={place.longitude} />
          {!env ? (
            <div className="place-status" role="status" data-testid="open-connecting">
              <SpinLoading color="primary" />
            </div>
          ) : env === 'browser' ? (
            <MapLink latitude={place.latitude} longitude={place.longitude} />
          ) : (
            <HostOpener place={place} />
          )}
        </div>
      )}
    </div>
  );
}
