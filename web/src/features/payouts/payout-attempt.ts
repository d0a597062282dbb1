/**
 * One payout attempt's id. The client makes the payoutId, so the same request sent again
 * after a lost answer is the same payout to the server and cannot pay twice: the id is kept
 * while the request is unchanged and has had no answer, and a new one is made for a new
 * request (another amount or number) or once the last one was answered.
 */
export type PayoutAttempt = {
  payoutId: string;
  /** The amount and number the id was made for. */
  requestKey: string;
  /** The server answered it (a payout or a refusal): sending it again would not pay anew. */
  isAnswered: boolean;
};

export function toRequestKey({ amount, phone }: { amount: number; phone: string }): string {
  return `${amount}|${phone}`;
}

/** The attempt to send now: the unanswered one again if the request is the same, else a new one. */
export function chooseAttempt(
  previous: PayoutAttempt | null,
  requestKey: string,
  makeId: () => string,
): PayoutAttempt {
  if (previous && !previous.isAnswered && previous.requestKey === requestKey) return previous;
  return { payoutId: makeId(), requestKey, isAnswered: false };
}

/**
 * Whether an error means the request may never have reached the server, or its answer was
 * lost (no connection, a gateway or server failure): then the same id is sent again.
 */
export function isAnswerLost(error: { code?: string; status?: number }): boolean {
  return error.status === 0 || error.code === 'NETWORK_ERROR' || (error.status ?? 0) >= 500;
}
