/** One problem a schema found, as zod reports it (only the members read here). */
type ValidationIssue = { path: readonly PropertyKey[]; message: string };

/** The first message for each top-level field, e.g. { email: 'Email address is required!' }. */
export function readFieldErrors(issues: readonly ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Splits the server's VALIDATION_ERROR message ('email: Enter a valid email address.') into
 * the field it names and the text to show under that field. Null when it names no field.
 */
export function parseValidationMessage(message: string): { field: string; text: string } | null {
  const match = /^([A-Za-z_][\w.]*):\s*(.+)$/s.exec(message.trim());
  if (!match) return null;
  const [, path = '', text = ''] = match;
  return { field: path.split('.')[0] ?? path, text };
}
