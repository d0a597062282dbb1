/** SQLSTATE codes we act on. */
export const SQL_STATE = {
  uniqueViolation: '23505',
  checkViolation: '23514',
} as const;

/**
 * The database's error with this SQLSTATE in an error's cause chain (Drizzle wraps the
 * driver's error; node-postgres and PGlite both give `code` and `constraint`).
 */
export function findDatabaseError(
  error: unknown,
  sqlState: string,
): { constraint: string | undefined; message: string } | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint, message } = current as { code?: string; constraint?: string; message?: string };
    if (code === sqlState) return { constraint, message: message ?? '' };
  }
  return undefined;
}
