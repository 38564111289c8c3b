import { Button, SpinLoading } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '../../app/EmptyState.tsx';
import { hostCall } from '../../host/bridge.ts';
import { hostErrorMessage } from '../../host/messages.ts';
import { useTranslation } from '../../i18n/index.ts';
import { cleanPlace, type Place } from './place.ts';
import './places.css';
import '../../i18n/places.ts';

/**
 * Inside a host: the host's own picker (`location.choose`), asked at once. A place goes
 * back to the form, a cancel goes back with nothing, and a failure says SPEC 8's message
 * with a way to ask again.
 */
export function HostChooser({ onPicked, onCancelled }: { onPicked: (place: Place) => void; onCancelled: () => void }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string>();
  // One picker per attempt: React's development double run of effects must not open two.
  const asked = useRef(-1);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (asked.current === attempt) return;
    asked.current = attempt;
    hostCall('location.choose', {}).then(
      (answer) => {
        if (!mounted.current) return;
        if ('cancelled' in answer) return onCancelled();
        // What the host gave is made to fit the record's place; a place without a name or coordinates is not one.
        const place = cleanPlace(answer);
        if (place) onPicked(place);
        else setError(t('places.choose.badAnswer'));
      },
      (err: unknown) => {
        if (mounted.current) setError(hostErrorMessage(err));
      },
    );
  }, [attempt, onPicked, onCancelled, t]);

  if (error)
    return (
      <EmptyState
        kind="failed"
        full
        testId="choose-host-failed"
        title={error}
        action={
          <Button
            color="primary"
            data-testid="choose-retry"
            onClick={() => {
              setError(undefined);
              setAttempt((a) => a + 1);
            }}
          >
            {t('places.choose.retry')}
          </Button>
        }
      />
    );
  return (
    <div className="place-status" role="status" data-testid="choose-host-asking">
      <SpinLoading color="primary" />
      <span>{t('places.choose.asking')}</span>
    </div>
  );
}
