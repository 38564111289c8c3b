import { AUTH_PATHS, AVATAR_MAX_BYTES, AvatarUploadResponse, UpdateUserRequest, UserInfoResponse } from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, requireUser } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import { presentUser, type UserService } from './user.service.ts';

export interface UserRouteDeps {
  users: UserService;
}

const me = requireUser;
const token = (req: FastifyRequest) => bearerToken(req) ?? '';

export function registerUserRoutes(app: FastifyInstance, registry: RegisteredRoute[], deps: UserRouteDeps): void {
  const tag = 'user';
  defineRoute(app, registry, {
    method: 'GET',
    url: AUTH_PATHS.userInfo,
    tag,
    auth: 'user',
    summary: 'The signed-in user',
    response: UserInfoResponse,
    handler: async ({ user, req }) => ({ data: presentUser(await deps.users.get(me(user).id), token(req)) }),
  });

  defineRoute(app, registry, {
    method: 'PATCH',
    url: AUTH_PATHS.updateUser,
    tag,
    auth: 'user',
    summary: 'Update nickname and avatar',
    body: UpdateUserRequest,
    response: UserInfoResponse,
    handler: async ({ user, body, req }) => ({ data: presentUser(await deps.users.update(me(user).id, body), token(req)) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: AUTH_PATHS.avatar,
    tag,
    auth: 'user',
    summary: 'Upload an avatar image (multipart field "file")',
    response: AvatarUploadResponse,
    handler: async ({ user, req }) => {
      if (!req.isMultipart()) throw new AppError('user.avatarNotMultipart');
      const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError('user.avatarMissing');
      const bytes = await file.toBuffer();
      return { data: { avatar_url: await deps.users.uploadAvatar(me(user).id, bytes) } };
    },
  });
}
