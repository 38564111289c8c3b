import type { FastifyRequest } from 'fastify';
import type { ZoneSettings } from '../../config.ts';
import type { ZoneLinkAuth } from '../../http/pipeline.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { LinkCaller } from './receiver.ts';
import { claimedZone, isLinkCall, verifyLink } from './link-sign.ts';
import type { ZonesRepository } from './zones.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who made a server-to-server call (set once its signature holds). */
    linkCaller: LinkCaller | undefined;
  }
}

/**
 * Trust between zones (docs/zones.md, "Trust"): the public zone knows each zone's secret
 * (private_zones; revoking a zone ends its calls at once); a zone knows its own
 * (CAB_ZONE_SECRET) and takes calls only from the public zone, with it.
 */
export class LinkAuth implements ZoneLinkAuth {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly kv: KeyValueStore,
    private readonly repo: ZonesRepository,
    private readonly settings: ZoneSettings,
  ) {}

  async verifyCaller(req: FastifyRequest): Promise<void> {
    const claimed = claimedZone(req.headers);
    if (!claimed) throw new AppError('zones.linkRefused');
    const self = this.settings.self;
    let secret: string;
    if (self) {
      if (claimed !== self.id) throw new AppError('zones.linkRefused');
      secret = self.secret;
    } else {
      const zone = await this.repo.zone(this.db, claimed);
      if (!zone || zone.revoked_at) throw new AppError('zones.linkRefused');
      secret = zone.secret;
    }
    const user = await verifyLink(secret, claimed, req, this.kv, this.clock.now());
    // A server-to-server call is for no user: one naming a user is a forwarded call sent to the wrong place.
    if (user !== '') throw new AppError('zones.linkRefused');
    req.linkCaller = { zoneId: claimed, fromPublic: Boolean(self) };
  }

  async forwardedUser(req: FastifyRequest): Promise<string | undefined> {
    const self = this.settings.self;
    if (!self || !isLinkCall(req.headers)) return undefined;
    const user = await verifyLink(self.secret, self.id, req, this.kv, this.clock.now());
    if (!user) throw new AppError('zones.linkRefused');
    return user;
  }
}
