import {
  BOOK_PATHS,
  PatchPreferenceRequest,
  PreferenceKey,
  PreferenceLevelResponse,
  PreferenceQuery,
  PreferenceResponse,
  FIELD_LABELS,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { PreferencesService } from './preferences.service.ts';

export function registerPreferenceRoutes(app: FastifyInstance, registry: RegisteredRoute[], prefs: PreferencesService): void {
  const tag = 'preferences';
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.preference,
    tag,
    auth: 'user',
    summary: 'User preferences (keys: comma-joined, optional)',
    query: PreferenceQuery,
    response: PreferenceResponse,
    handler: async ({ user, query }) => {
      const keys = query.keys
        ?.split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      if (keys?.some((k) => !PreferenceKey.safeParse(k).success)) throw new AppError('validation.invalid', { field: FIELD_LABELS.keys });
      return { data: await prefs.get(requireUser(user).id, keys) };
    },
  });
  defineRoute(app, registry, {
    method: 'PATCH',
    url: BOOK_PATHS.preference,
    tag,
    auth: 'user',
    summary: 'Set preferences (configs list; level book uses the Trading-Entity)',
    body: PatchPreferenceRequest,
    response: PreferenceResponse,
    handler: async ({ user, body, req }) => ({
      data: await prefs.patch(requireUser(user).id, body.configs, body.level ?? 'user', req.tradingEntity),
    }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: BOOK_PATHS.preferenceLevel,
    tag,
    auth: 'user',
    summary: 'Preferences by level: user-wide and for the current book',
    response: PreferenceLevelResponse,
    handler: async ({ user, req }) => ({ data: await prefs.levels(requireUser(user).id, req.tradingEntity) }),
  });
}
