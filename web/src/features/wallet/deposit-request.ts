import type { TCorrespondent } from '@stagepass/contract/mobile-money';
import {
  COUNTRY,
  CURRENCY,
  DEPOSIT_STATEMENT_DESCRIPTION,
  ngweeToProviderAmount,
  PRE_AUTHORISATION_CODE_LENGTH,
  type TDepositRequest,
} from '@stagepass/contract/wallet';

const codeAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * A UUIDv4 for a new deposit, made here so that a repeated request (a retry after a lost
 * answer) names the same deposit. randomUUID exists only in secure contexts (https or
 * localhost); elsewhere the same bits come from getRandomValues.
 */
export function createDepositId(random: RandomSource = crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The spec's 16-character pre-authorisation code: letters and digits. */
export function createPreAuthorisationCode(random: RandomSource = crypto): string {
  // 62 letters and digits; 248 is the largest multiple of 62 under 256, so no letter is favoured.
  let code = '';
  while (code.length < PRE_AUTHORISATION_CODE_LENGTH) {
    for (const byte of random.getRandomValues(new Uint8Array(PRE_AUTHORISATION_CODE_LENGTH))) {
      if (byte < 248 && code.length < PRE_AUTHORISATION_CODE_LENGTH) code += codeAlphabet[byte % 62];
    }
  }
  return code;
}

type DepositInput = {
  depositId: string;
  ngwee: number;
  msisdn: string;
  correspondent: TCorrespondent;
  now?: Date;
  random?: RandomSource;
};

/** The spec's deposit body, in pawaPay v1's shape: the amount as a decimal string of kwacha. */
export function buildDepositRequest({
  depositId,
  ngwee,
  msisdn,
  correspondent,
  now = new Date(),
  random,
}: DepositInput): TDepositRequest {
  return {
    depositId,
    amount: ngweeToProviderAmount(ngwee),
    currency: CURRENCY,
    country: COUNTRY,
    correspondent,
    payer: { type: 'MSISDN', address: { value: msisdn } },
    customerTimestamp: now.toISOString(),
    statementDescription: DEPOSIT_STATEMENT_DESCRIPTION,
    preAuthorisationCode: createPreAuthorisationCode(random),
  };
}
