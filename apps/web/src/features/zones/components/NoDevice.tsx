import { useTranslation } from '../../../i18n/index.ts';
import { START_COMMANDS, ZONE_ENV } from '../rules.ts';
import { CopyBlock } from './CopyBlock.tsx';
import { ZoneGlyph } from './glyphs.tsx';
import '../../../i18n/zones.ts';

/**
 * The "no device" tab (SPEC 2): a zone is the same CAB build, so any computer runs one
 * with the README's two commands and the three settings the registration gives
 * (docs/zones.md, "What a zone is").
 */
export function NoDevice() {
  const { t } = useTranslation();
  const settings = [ZONE_ENV.id, ZONE_ENV.publicUrl, ZONE_ENV.secret].map((k) => `${k}=...`).join(' \\\n');
  return (
    <section className="section zone-card" data-testid="private-nodevice" aria-labelledby="private-nodevice-title">
      <h2 className="zone-title" id="private-nodevice-title">
        <ZoneGlyph name="laptop" size={18} />
        <span>{t('zones.noDevice.title')}</span>
      </h2>
      <p className="zone-text">{t('zones.noDevice.lead')}</p>
      <ol className="zone-steps">
        <li>{t('zones.noDevice.step1')}</li>
        <li>
          {t('zones.noDevice.step2')}
          <CopyBlock text={START_COMMANDS} label={t('zones.noDevice.commands')} testId="private-nodevice-commands" />
        </li>
        <li>
          {t('zones.noDevice.step3')}
          <CopyBlock text={`${settings} \\\n  npm start`} label={t('zones.noDevice.commands')} testId="private-nodevice-env" />
        </li>
        <li>{t('zones.noDevice.step4')}</li>
      </ol>
    </section>
  );
}
