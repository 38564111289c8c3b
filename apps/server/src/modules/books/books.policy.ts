import { ROLE_PERMISSIONS, type ErrorCode, type PermissionCode, type PlainMessageKeyFor } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { BookRole } from '../../platform/db/schema.ts';

export const can = (role: BookRole, code: PermissionCode) => ROLE_PERMISSIONS[role].includes(code);

/** A member without the permission learns the book exists but may not do this: 403. */
export function requirePermission(role: BookRole, code: PermissionCode, refusal: PlainMessageKeyFor<typeof ErrorCode.FORBIDDEN>): void {
  if (!can(role, code)) throw new AppError(refusal);
}

/** Book settings (name, remark, icon, cover) belong to those who run the book. */
export function requireManager(role: BookRole): void {
  if (role !== 'owner' && role !== 'admin') throw new AppError('book.settingsForbidden');
}

export const bookNotFound = () => new AppError('book.notFound');
