import { CORRESPONDENTS } from '@stagepass/contract/mobile-money';
import { CARD_BRANDS } from '@stagepass/contract/payment-methods';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's saved ways to pay: mobile money numbers and cards. A card row holds the card
 * processor's token and what may be shown (brand, last four, expiry); never the number or
 * the CVC. At most one method per person is preferred, which the database guarantees.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    /** 14 url-safe characters (the spec's card id length, used for both kinds). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['mobile-money', 'card'] }).notNull(),
    isPreferred: boolean('is_preferred').notNull().default(false),
    correspondent: text('correspondent', { enum: CORRESPONDENTS }),
    /** Normalised MSISDN, 260…. */
    phone: text('phone'),
    cardToken: text('card_token'),
    cardBrand: text('card_brand', { enum: CARD_BRANDS }),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    /** The processor's fingerprint of the card number: one card is saved once. */
    cardFingerprint: text('card_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'payment_methods_shape',
      sql`(${table.type} = 'mobile-money' and ${table.phone} is not null and ${table.correspondent} is not null and ${table.cardToken} is null)
       or (${table.type} = 'card' and ${table.cardToken} is not null and ${table.cardLast4} is not null and ${table.phone} is null)`,
    ),
    uniqueIndex('payment_methods_one_preferred').on(table.userId).where(sql`${table.isPreferred}`),
    uniqueIndex('payment_methods_phone_once').on(table.userId, table.phone),
    uniqueIndex('payment_methods_card_once').on(table.userId, table.cardFingerprint),
  ],
);

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
