/**
 * The invitations' query keys, in a module with no imports: home's prompts card asks for
 * its data under the same key before any of the invitations' code has loaded.
 */
export const invitationKeys = {
  all: ['invitations'] as const,
  setting: (bookId: string) => [...invitationKeys.all, 'setting', bookId] as const,
  roles: (bookId: string) => [...invitationKeys.all, 'roles', bookId] as const,
  one: (code: string) => [...invitationKeys.all, 'one', code] as const,
  whetherExist: (code: string) => [...invitationKeys.all, 'whether-exist', code] as const,
  prompts: () => [...invitationKeys.all, 'prompts'] as const,
  /** The books the user stopped from adding them (add-by-phone.ts). */
  blocked: () => [...invitationKeys.all, 'blocked-books'] as const,
};
