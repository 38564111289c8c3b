import { ErrorCode, ROLE_PERMISSIONS, type PermissionCode } from '@cab/contracts';
import { AppError } from '../../http/errors.ts';
import type { BookRole } from '../../platform/db/schema.ts';

export const can = (role: BookRole, code: PermissionCode) => ROLE_PERMISSIONS[role].includes(code);

/** A member without the permission learns the book exists but may not do this: 403. */
export function requirePermission(role: BookRole, code: PermissionCode, what: string): void {
  if (!can(role, code)) throw new AppError(ErrorCode.FORBIDDEN, `your role in this book may not ${what}`);
}

/** Book settings (name, remark, icon, cover) belong to those who run the book. */
export function requireManager(role: BookRole): void {
  if (role !== 'owner' && role !== 'admin') throw new AppError(ErrorCode.FORBIDDEN, 'only the owner or an admin may change the book settings');
}

export const bookNotFound = () => new AppError(ErrorCode.BOOK_NOT_FOUND, 'book not found');
