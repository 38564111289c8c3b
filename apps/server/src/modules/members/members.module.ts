import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from '../../http/route.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/index.ts';
import type { KeyValueStore } from '../../platform/kv.ts';
import type { BooksService } from '../books/books.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { Notifier } from '../messages/notify.ts';
import { AddByPhoneRepository } from './add-by-phone.repository.ts';
import { registerAddByPhoneRoutes } from './add-by-phone.routes.ts';
import { AddByPhoneService } from './add-by-phone.service.ts';
import { InvitationsRepository } from './invitations.repository.ts';
import { registerInvitationRoutes } from './invitations.routes.ts';
import { InvitationsService } from './invitations.service.ts';
import { MembersRepository } from './members.repository.ts';
import { registerMemberRoutes } from './members.routes.ts';
import { MembersService } from './members.service.ts';
import { RolesRepository } from './roles.repository.ts';
import { registerRoleRoutes } from './roles.routes.ts';
import { RolesService } from './roles.service.ts';

/** The members area: roles and permissions, members, invitations, adding by phone and the activity log. */
export function registerMembers(
  app: FastifyInstance,
  routes: RegisteredRoute[],
  deps: { db: Database; clock: Clock; kv: KeyValueStore; books: BooksService; users: UserService; notifier?: Notifier },
) {
  const { db, clock, kv, books, users } = deps;
  const invitationsRepo = new InvitationsRepository(db);
  const membersRepo = new MembersRepository(db);
  const roles = new RolesService(db, new RolesRepository(db), invitationsRepo, books, clock);
  const members = new MembersService(db, membersRepo, invitationsRepo, roles, books, clock, deps.notifier);
  const invitations = new InvitationsService(db, invitationsRepo, membersRepo, members, roles, books, kv, clock);
  const adds = new AddByPhoneService(
    db,
    new AddByPhoneRepository(db),
    invitationsRepo,
    membersRepo,
    members,
    roles,
    books,
    users,
    kv,
    clock,
    deps.notifier,
  );
  registerRoleRoutes(app, routes, roles);
  registerMemberRoutes(app, routes, members);
  registerInvitationRoutes(app, routes, { invitations });
  registerAddByPhoneRoutes(app, routes, adds);
  return { roles, members, invitations };
}
