/**
 * A rule a request broke, with the message the person sees and a stable code for programs.
 * Services throw these; the error handler turns them into `{ success: false, message, code }`.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number = statusForCode(code),
    /** The field of the request the message is about (dotted path), for a form to show it there. */
    readonly field?: string,
    /** Figures a client acts on, sent beside the message (a purchase's shortfall, a new price). */
    readonly amounts?: { shortfall?: number; amount?: number },
  ) {
    super(message);
  }
}

const STATUS_BY_CODE: Record<string, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

function statusForCode(code: string): number {
  return STATUS_BY_CODE[code] ?? 400;
}
