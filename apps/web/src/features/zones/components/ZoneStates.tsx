import type { Migration, PrivateZone } from '@cab/contracts/client';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { when } from '../format.ts';
import { START_COMMANDS, ZONE_ENV, envLines } from '../rules.ts';
import { CopyBlock } from './CopyBlock.tsx';
import { ZoneGlyph, type ZoneGlyphName } from './glyphs.tsx';
import '../../../i18n/zones.ts';

/**
 * The areas of the private server page, one per state of SPEC 4 (features/zones/rules.ts,
 * viewOf). Each says where things stand and offers the one step forward; the page owns the
 * popups and the calls.
 */

function Area({ testId, glyph, title, children }: { testId: string; glyph: ZoneGlyphName; title: string; children: ReactNode }) {
  return (
    <section className="section zone-card" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h2 className="zone-title" id={`${testId}-title`}>
        <ZoneGlyph name={glyph} size={18} />
        <span>{title}</span>
      </h2>
      {children}
    </section>
  );
}

/** The zone's name, address and when it last answered. */
export function ZoneFacts({ zone }: { zone: PrivateZone }) {
  const { t } = useTranslation();
  return (
    <dl className="zone-facts" data-testid="private-zone" data-zone={zone.id}>
      <div>
        <dt>{t('zones.zone.name')}</dt>
        <dd data-testid="private-zone-name">{zone.name}</dd>
      </div>
      <div>
        <dt>{t('zones.zone.url')}</dt>
        <dd data-testid="private-zone-url">{zone.base_url}</dd>
      </div>
      <div>
        <dt>{t('zones.zone.seen')}</dt>
        <dd>{zone.last_seen_at === null ? t('zones.zone.never') : when(zone.last_seen_at)}</dd>
      </div>
    </dl>
  );
}

/** Not applied (open), or refused (rejected, with the reviewer's note): what it is, and apply. */
export function ApplyArea({
  rejected,
  remark,
  busy,
  onApply,
}: {
  rejected: boolean;
  remark: string | undefined;
  busy: boolean;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  const points = [
    ['shield', 'dataTitle', 'dataBody'],
    ['book', 'sameTitle', 'sameBody'],
    ['move', 'backTitle', 'backBody'],
  ] as const;
  return (
    <>
      {rejected && (
        <Area testId="private-rejected" glyph="fail" title={t('zones.rejected.title')}>
          {remark && (
            <p className="zone-text" data-testid="private-rejected-remark">
              {t('zones.rejected.remark', { remark })}
            </p>
          )}
          <p className="zone-text">{t('zones.rejected.body')}</p>
        </Area>
      )}
      <Area testId="private-open" glyph="server" title={t('zones.open.title')}>
        <p className="zone-text">{t('zones.open.lead')}</p>
        <ul className="zone-points">
          {points.map(([glyph, title, body]) => (
            <li key={title}>
              <ZoneGlyph name={glyph} size={22} />
              <div>
                <h3>{t(`zones.open.${title}`)}</h3>
                <p>{t(`zones.open.${body}`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="zone-actions">
          <Button block color="primary" loading={busy} data-testid="private-apply" onClick={onApply}>
            {rejected ? t('zones.open.applyAgain') : t('zones.open.apply')}
          </Button>
        </div>
      </Area>
    </>
  );
}

/** Applied: waiting for the operator's review. */
export function AwaitingArea({
  appliedAt,
  busy,
  onRefresh,
}: {
  appliedAt: number | null | undefined;
  busy: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Area testId="private-awaiting" glyph="clock" title={t('zones.awaiting.title')}>
      <p className="zone-text">{t('zones.awaiting.body')}</p>
      {appliedAt != null && <p className="zone-sub">{t('zones.awaiting.appliedAt', { time: when(appliedAt) })}</p>}
      <div className="zone-actions">
        <Button block fill="outline" loading={busy} data-testid="private-refresh" onClick={onRefresh}>
          {t('zones.awaiting.refresh')}
        </Button>
      </div>
    </Area>
  );
}

/** Approved, nothing registered yet: the register form popup. */
export function RegisterArea({ onRegister }: { onRegister: () => void }) {
  const { t } = useTranslation();
  return (
    <Area testId="private-to-register" glyph="success" title={t('zones.register.title')}>
      <p className="zone-text">{t('zones.register.lead')}</p>
      <div className="zone-actions">
        <Button block color="primary" data-testid="private-register" onClick={onRegister}>
          {t('zones.register.button')}
        </Button>
      </div>
    </Area>
  );
}

/**
 * Registered, its server not answering yet: how to start it (the secret was shown once at
 * registration and is not known here), and ask again.
 */
export function DeployArea({ zone, busy, onCheck }: { zone: PrivateZone; busy: boolean; onCheck: () => void }) {
  const { t } = useTranslation();
  // The public zone's address is this app's own origin: one process serves the app and the API.
  const env = envLines({
    [ZONE_ENV.id]: zone.id,
    [ZONE_ENV.publicUrl]: window.location.origin,
    [ZONE_ENV.secret]: t('zones.deploy.secretHint'),
  });
  return (
    <Area testId="private-deploy" glyph="terminal" title={t('zones.deploy.title')}>
      <p className="zone-warn" role="status" data-testid="private-deploy-waiting">
        <ZoneGlyph name="clock" size={18} />
        <span>{t('zones.deploy.waiting', { name: zone.name })}</span>
      </p>
      <ZoneFacts zone={zone} />
      <p className="zone-text">{t('zones.deploy.lead')}</p>
      <div className="zone-codes">
        <CopyBlock text={env} label={t('zones.register.env')} testId="private-deploy-env" />
        <CopyBlock text={START_COMMANDS} label={t('zones.noDevice.commands')} testId="private-deploy-commands" />
      </div>
      <div className="zone-actions">
        <Button block color="primary" loading={busy} data-testid="private-check" onClick={onCheck}>
          {t('zones.deploy.check')}
        </Button>
      </div>
    </Area>
  );
}

/** What the latest move left behind, when it did not finish (the book is as it was). */
function LastMove({ migration }: { migration: Migration | null }) {
  const { t } = useTranslation();
  if (migration?.status === 'failed')
    return (
      <p className="zone-warn" role="status" data-testid="private-last-failed">
        <ZoneGlyph name="info" size={18} />
        <span>{t('zones.migrate.lastFailed', { error: migration.error ?? '' })}</span>
      </p>
    );
  if (migration?.status === 'cancelled')
    return (
      <p className="zone-note" data-testid="private-last-cancelled">
        <ZoneGlyph name="info" size={16} />
        <span>{t('zones.migrate.lastCancelled')}</span>
      </p>
    );
  return null;
}

/** The server answers: the book may move (its owner moves it). */
export function MigrateArea({
  zone,
  owned,
  firstFree,
  migration,
  onMigrate,
}: {
  zone: PrivateZone;
  owned: boolean;
  firstFree: boolean;
  migration: Migration | null;
  onMigrate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Area testId="private-to-migrate" glyph="server" title={t('zones.migrate.title')}>
      <p className="zone-text">{t('zones.migrate.ready', { name: zone.name })}</p>
      <ZoneFacts zone={zone} />
      <LastMove migration={migration} />
      {owned ? (
        <div className="zone-actions">
          <Button block color="primary" data-testid="private-migrate" onClick={onMigrate}>
            {t('zones.migrate.button')}
            {firstFree && <span className="zone-free zone-free-inline">{t('zones.popup.freeLabel')}</span>}
          </Button>
        </div>
      ) : (
        <OwnerOnly />
      )}
    </Area>
  );
}

/** Moving the book is its owner's: what another member sees instead of the button. */
function OwnerOnly() {
  const { t } = useTranslation();
  return (
    <p className="zone-note" data-testid="private-owner-only">
      <ZoneGlyph name="info" size={16} />
      <span>{t('zones.migrate.ownerOnly')}</span>
    </p>
  );
}

/** The book lives in its zone: which, and the way back (its owner's). */
export function RemoteArea({
  zone,
  owned,
  migration,
  busy,
  onMoveBack,
}: {
  zone: PrivateZone | null;
  owned: boolean;
  migration: Migration | null;
  busy: boolean;
  onMoveBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Area testId="private-remote" glyph="server" title={t('zones.remote.title')}>
      <p className="zone-text">{t('zones.remote.body', { name: zone?.name ?? '' })}</p>
      {zone && <ZoneFacts zone={zone} />}
      <LastMove migration={migration} />
      {owned ? (
        <div className="zone-actions">
          <Button block fill="outline" color="primary" loading={busy} data-testid="private-move-back" onClick={onMoveBack}>
            {t('zones.remote.moveBack')}
          </Button>
        </div>
      ) : (
        <OwnerOnly />
      )}
    </Area>
  );
}
