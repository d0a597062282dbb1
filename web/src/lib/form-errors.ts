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
