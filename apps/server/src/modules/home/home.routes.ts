import {
  CONTENT_PATHS,
  HomeTagParams,
  HomeTagRequest,
  HomeTagResponse,
  HomeTagsResponse,
  InfoFlowOperationRequest,
  MineInfoResponse,
  OperationGuideRequest,
  OperationPopupRequest,
  OperationsResponse,
} from '@cab/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { defineRoute, type RegisteredRoute } from '../../http/route.ts';
import type { HomeService } from './home.service.ts';

/**
 * The home page's calls of issue 13: tags, the info flow's operations, guides and popups,
 * and the mine page's market figures. The home is browsable logged out; choosing a tag and
 * the mine figures need a login. The writes change no book, so none drops kept book answers.
 */
export function registerHomeRoutes(app: FastifyInstance, registry: RegisteredRoute[], home: HomeService): void {
  defineRoute(app, registry, {
    method: 'GET',
    url: CONTENT_PATHS.homeTags,
    tag: 'home',
    auth: 'optional',
    summary: "The home tags in order, each selected by the caller's choice, else by its default",
    response: HomeTagsResponse,
    handler: async ({ user }) => ({ data: await home.tags(user?.id) }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: CONTENT_PATHS.homeTag,
    tag: 'home',
    auth: 'user',
    answers: 'unchanged',
    summary: 'Pick (is_selected true) or drop a home tag for the caller',
    params: HomeTagParams,
    body: HomeTagRequest,
    response: HomeTagResponse,
    handler: async ({ params, body, user }) => ({ data: await home.chooseTag(requireUser(user).id, params.tagCode, body.is_selected) }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: CONTENT_PATHS.infoFlowOperation,
    tag: 'operations',
    auth: 'optional',
    answers: 'unchanged',
    summary: 'The operation cards of the home info flow on show now, in their places',
    body: InfoFlowOperationRequest,
    response: OperationsResponse,
    handler: async () => ({ data: await home.infoFlow() }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: CONTENT_PATHS.operationGuide,
    tag: 'operations',
    auth: 'optional',
    answers: 'unchanged',
    summary: 'Guides of a classification (obtainXb by default) the caller has not been shown; answering marks them shown',
    body: OperationGuideRequest,
    response: OperationsResponse,
    handler: async ({ body, user }) => ({ data: await home.guides(user?.id, body.body.classification) }),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: CONTENT_PATHS.operationPopup,
    tag: 'operations',
    auth: 'optional',
    answers: 'unchanged',
    summary: 'Popups of the listed codes the caller has not been shown; answering marks them shown',
    body: OperationPopupRequest,
    response: OperationsResponse,
    handler: async ({ body, user }) => ({ data: await home.popups(user?.id, body.body.popupCodeList) }),
  });
  defineRoute(app, registry, {
    method: 'GET',
    url: CONTENT_PATHS.mineInfo,
    tag: 'home',
    auth: 'user',
    summary: "The caller's favourite templates, favourite contents and reviews, counted",
    response: MineInfoResponse,
    handler: async ({ user }) => ({ data: await home.mineInfo(requireUser(user).id) }),
  });
}
