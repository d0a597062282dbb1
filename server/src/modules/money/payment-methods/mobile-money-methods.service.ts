import { predictOperator, type TOperator } from '@stagepass/contract/mobile-money';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentMethods } from '../../../db/schema/index.ts';
import { describePaymentMethod, type TPaymentMethod } from './payment-method-view.ts';
import { findOwnMethod, lockPaymentMethodsOf } from './payment-methods.repository.ts';
import {
  addPaymentMethod,
  explainUniqueViolations,
  methodNotFound,
  phoneTaken,
} from './payment-methods.service.ts';

/** `phone` is already normalised (260…) by the contract, which accepts only the three operators. */
function operatorOf(phone: string): TOperator {
  const operator = predictOperator(phone);
  if (!operator) throw new Error(`no operator for a number the contract accepted: ${phone.slice(0, 5)}…`);
  return operator;
}

export function addMobileMoneyMethod(options: {
  db: Db;
  userId: string;
  id: string | undefined;
  phone: string;
  isPreferred: boolean;
}): Promise<{ method: TPaymentMethod; isNew: boolean }> {
  const { phone, ...rest } = options;
  const { correspondent } = operatorOf(phone);
  return addPaymentMethod({ ...rest, method: { type: 'mobile-money', phone, correspondent } });
}

/** A new number for a saved method; its operator follows the number's prefix. */
export function editMobileMoneyMethod(options: {
  db: Db;
  userId: string;
  id: string;
  phone: string;
}): Promise<TPaymentMethod> {
  const { db, userId, id, phone } = options;
  const { correspondent } = operatorOf(phone);
  return explainUniqueViolations(() =>
    db.transaction(async (tx) => {
      await lockPaymentMethodsOf(tx, userId);
      const method = await findOwnMethod(tx, { userId, id, type: 'mobile-money' });
      if (!method) throw methodNotFound();
      const [clash] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.userId, userId), eq(paymentMethods.phone, phone), ne(paymentMethods.id, id)),
        );
      if (clash) throw phoneTaken();
      const [updated] = await tx
        .update(paymentMethods)
        .set({ phone, correspondent })
        .where(eq(paymentMethods.id, id))
        .returning();
      return describePaymentMethod(updated!);
    }),
  );
}
