/** Messages of the migration area: private zones and moving a book between zones (docs/zones.md). */
import { ErrorCode } from './errors.ts';
import type { MessageDef } from './message-def.ts';

export const ZONE_MESSAGES = /* @__PURE__ */ (() =>
  ({
    'zones.notFound': { code: ErrorCode.ZONE_NOT_FOUND, 'zh-CN': '没有找到这个私有化服务器', en: 'no such private server of yours' },
    'zones.notReady': {
      code: ErrorCode.ZONE_NOT_READY,
      'zh-CN': '私有化服务器还不能迁入账本',
      en: 'the private server cannot take books yet',
    },
    'zones.notApproved': {
      code: ErrorCode.ZONE_NOT_READY,
      'zh-CN': '私有化存储的申请还没有通过审核',
      en: 'your application for private storage has not been approved yet',
    },
    'zones.notDeployed': {
      code: ErrorCode.ZONE_NOT_READY,
      'zh-CN': '私有化服务器还没有部署好：它没有应答',
      en: 'the private server is not deployed yet: it does not answer',
    },
    'zones.noDeployedZone': {
      code: ErrorCode.ZONE_NOT_READY,
      'zh-CN': '你还没有部署好的私有化服务器',
      en: 'you have no deployed private server',
    },
    'zones.revoked': { code: ErrorCode.ZONE_NOT_READY, 'zh-CN': '这个私有化服务器已被停用', en: 'this private server was revoked' },
    'zones.sharing': {
      code: ErrorCode.ZONE_NOT_READY,
      'zh-CN': '这个账本在共享云空间，请先解除共享再迁移',
      en: 'this book shares cloud space: untie it before moving the book',
    },
    'zones.notHere': {
      code: ErrorCode.ZONE_NOT_READY,
      'zh-CN': '这个账本不在公有云上',
      en: 'this book is not in the public cloud',
    },
    'zones.notRemote': {
      code: ErrorCode.ZONE_NOT_READY,
      'zh-CN': '这个账本不在私有化服务器上',
      en: 'this book is not on a private server',
    },
    'zones.tooMany': {
      code: ErrorCode.ZONE_NOT_READY,
      'zh-CN': '私有化服务器最多登记 {max} 个',
      en: 'at most {max} private servers may be registered',
    },
    'zones.notOwner': {
      code: ErrorCode.FORBIDDEN,
      'zh-CN': '只有账本的所有者可以迁移账本',
      en: 'only the book’s owner may move it',
    },
    'zones.migrationExists': {
      code: ErrorCode.MIGRATION_EXISTS,
      'zh-CN': '这个账本正在迁移中',
      en: 'this book is already being moved',
    },
    'zones.migrationNotFound': {
      code: ErrorCode.MIGRATION_NOT_FOUND,
      'zh-CN': '没有找到这个账本的迁移',
      en: 'no such migration of this book',
    },
    'zones.tooLate': {
      code: ErrorCode.MIGRATION_TOO_LATE,
      'zh-CN': '迁移已在切换，不能再取消',
      en: 'the migration is cutting over and can no longer be cancelled',
    },
    'zones.bookMoving': {
      code: ErrorCode.BOOK_MOVING,
      'zh-CN': '账本正在迁移，暂时只能查看，迁移完成后再修改',
      en: 'the book is moving between servers: it is read-only until the move ends',
    },
    'zones.linkRefused': {
      code: ErrorCode.ZONE_LINK_REFUSED,
      'zh-CN': '服务器之间的调用没有有效的签名',
      en: 'the server-to-server call has no valid signature',
    },
    'zones.bookNotGiven': {
      code: ErrorCode.ZONE_BOOK_NOT_GIVEN,
      'zh-CN': '这个账本没有交给这个私有化服务器',
      en: 'this book was not given to this private server',
    },
  }) as const satisfies Record<`zones.${string}`, MessageDef>)();
