/** Whether a database error is a unique violation (of a named index, when given): two writers raced to the same row. */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  if (!index) return true;
  return e.constraint === index || (typeof e.message === 'string' && e.message.includes(index));
}
