import {
  AUTH_PATHS,
  HostSignatureQuery,
  HostSignatureResponse,
  BindPhoneRequest,
  ExchangeTokenRequest,
  LoginRequest,
  LoginResponse,
  OAuthAuthorizeQuery,
  OAuthAuthorizeResponse,
  RefreshTokenRequest,
  RefreshTokenResponse,
  SendVerifyCodeRequest,
  SendVerifyCodeResponse,
  SetPasswordRequest,
  UserInfoResponse,
} from '@cab/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, requireUser } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import { presentUser } from '../user/user.service.ts';
import type { AuthService, SignedIn } from './auth.service.ts';
import { sha1Hex } from './password.ts';
import type { TokenService } from './token.service.ts';
import type { VerifyCodeService } from './verify-code.service.ts';

export interface AuthRouteDeps {
  auth: AuthService;
  codes: VerifyCodeService;
  tokens: TokenService;
  /** The address browsers know this server by (CAB_PUBLIC_URL), besides the one a call came to. */
  publicUrl?: string;
}

const presentLogin = ({ user, tokens }: SignedIn) => ({
  data: { ...presentUser(user, tokens.access_token), ...tokens, tokenType: 'Bearer' },
});

const token = (req: FastifyRequest) => bearerToken(req) ?? '';

export function registerAuthRoutes(app: FastifyInstance, registry: RegisteredRoute[], deps: AuthRouteDeps): void {
  const tag = 'auth';
  defineRoute(app, registry, {
    method: 'GET',
    url: AUTH_PATHS.hostSdkSignature,
    tag,
    auth: 'optional',
    summary: "The host SDK's signature of one of this server's pages (SPEC 7), kept by the app 23 hours",
    query: HostSignatureQuery,
    response: HostSignatureResponse,
    handler: async ({ query, req }) => {
      // Origins as the URL parser writes them (a default port left out), as the page's is compared.
      const reached = `${req.protocol}://${req.host}`;
      const origins = [
        ...(URL.canParse(reached) ? [new URL(reached).origin] : []),
        ...(deps.publicUrl ? [new URL(deps.publicUrl).origin] : []),
      ];
      return { data: deps.auth.hostSignature(query.host, query.url, origins) };
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: AUTH_PATHS.verifyCode,
    // Signing in and out changes no book's answers.
    answers: 'unchanged',
    tag,
    auth: 'none',
    summary: 'Send a verification code (type 4 login, 2 others)',
    body: SendVerifyCodeRequest,
    response: SendVerifyCodeResponse,
    handler: async ({ body, req }) => ({ data: await deps.codes.send(body.phone, body.type, req.ip) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: AUTH_PATHS.login,
    // Signing in and out changes no book's answers.
    answers: 'unchanged',
    tag,
    auth: 'none',
    summary: 'Log in by code or password',
    body: LoginRequest,
    response: LoginResponse,
    handler: async ({ body, req }) => {
      if (body.type === 'password') {
        return presentLogin(await deps.auth.loginByPassword(body.username, sha1Hex(body.password), req.ip));
      }
      if (body.type === 'host') return presentLogin(await deps.auth.loginByHost(body.host, body.code, requestLocale(req.headers)));
      return presentLogin(await deps.auth.loginByCode(body.phone, body.code, requestLocale(req.headers)));
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: AUTH_PATHS.refresh,
    // Signing in and out changes no book's answers.
    answers: 'unchanged',
    tag,
    auth: 'none',
    summary: 'Rotate the refresh token for a new token pair',
    body: RefreshTokenRequest,
    response: RefreshTokenResponse,
    handler: async ({ body }) => ({ data: await deps.tokens.refresh(body.refresh_token) }),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: AUTH_PATHS.exchangeToken,
    answers: 'unchanged',
    tag,
    auth: 'user',
    summary: "Trade the token a link carried (dashboard/index's Authorization) for this page's own sign-in, once",
    body: ExchangeTokenRequest,
    response: LoginResponse,
    handler: async ({ body, user }) => presentLogin(await deps.auth.exchangeToken(requireUser(user), body.user_number)),
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: AUTH_PATHS.logout,
    // Signing in and out changes no book's answers.
    answers: 'unchanged',
    tag,
    auth: 'user',
    summary: 'Log out: revoke this sign-in',
    status: 204,
    handler: async ({ user }) => {
      if (user) await deps.tokens.revoke(user.familyId);
    },
  });

  // Scripts and integrations call this legacy grant without request signing.
  defineRoute(app, registry, {
    method: 'GET',
    url: AUTH_PATHS.oauthAuthorize,
    tag,
    auth: 'none',
    signed: false,
    summary: 'Legacy password grant (password is the sha1 hex of the password)',
    query: OAuthAuthorizeQuery,
    response: OAuthAuthorizeResponse,
    handler: async ({ query, req }) => (await deps.auth.loginByPassword(query.username, query.password, req.ip)).tokens,
  });

  // A signed-in user's own credentials: kept by sign-in, listed with the user's own calls.
  defineRoute(app, registry, {
    method: 'POST',
    url: AUTH_PATHS.bindPhone,
    tag: 'user',
    auth: 'user',
    summary: 'Bind a phone with a type-2 code',
    body: BindPhoneRequest,
    response: UserInfoResponse,
    handler: async ({ user, body, req }) => ({
      data: presentUser(await deps.auth.bindPhone(requireUser(user).id, body.phone, body.code), token(req)),
    }),
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: AUTH_PATHS.setPassword,
    tag: 'user',
    auth: 'user',
    summary: 'Set or change the password',
    status: 204,
    body: SetPasswordRequest,
    handler: async ({ user, body }) => {
      await deps.auth.setPassword(requireUser(user).id, sha1Hex(body.password));
    },
  });
}
