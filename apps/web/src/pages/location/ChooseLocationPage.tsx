import { SpinLoading } from 'antd-mobile';
import { useCallback } from 'react';
import { PageBar, useBack } from '../../app/PageBar.tsx';
import { BrowserChooser } from '../../features/places/BrowserChooser.tsx';
import { handBackPlace } from '../../features/places/handoff.ts';
import { HostChooser } from '../../features/places/HostChooser.tsx';
import type { Place } from '../../features/places/place.ts';
import { useHostEnv } from '../../host/useHostEnv.ts';
import { useTranslation } from '../../i18n/index.ts';
import '../../features/places/places.css';
import '../../i18n/places.ts';

/**
 * choose-location (SPEC 2; docs/host.md, "Places"): a place for the record form. Inside a
 * host, the host's picker; in a plain browser, the device's position named by the user.
 * The place goes back to the form that asked (features/places/handoff.ts), and so does the
 * user.
 */
export default function ChooseLocationPage() {
  const { t } = useTranslation();
  const env = useHostEnv();
  const back = useBack();
  const picked = useCallback(
    (place: Place) => {
      handBackPlace(place);
      back();
    },
    [back],
  );
  return (
    <div className="page" data-testid="page-choose-location" data-env={env ?? ''}>
      <PageBar title={t('places.choose.title')} />
      {!env ? (
        <div className="place-status" role="status" data-testid="choose-connecting">
          <SpinLoading color="primary" />
          <span>{t('places.choose.connecting')}</span>
        </div>
      ) : env === 'browser' ? (
        <BrowserChooser onPicked={picked} onBack={back} />
      ) : (
        <HostChooser onPicked={picked} onCancelled={back} />
      )}
    </div>
  );
}
