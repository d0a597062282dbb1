import type { TCardMethod, TMobileMoneyMethod } from '@stagepass/contract/payment-methods';

// The answers of the payment-method mutations. The contract exports their schemas
// (ZPaymentMethodResponse, ZPaymentMethodMessageResponse) but no types for them yet.
export type TPaymentMethodResponse = {
  success: true;
  message?: string;
  method: TMobileMoneyMethod | TCardMethod;
};
export type TPaymentMethodMessageResponse = { success: true; message: string };
