import { ITEM_KINDS } from '@stagepass/contract/items';
import { PURCHASE_KINDS } from '@stagepass/contract/purchases';
import { z } from 'zod';
import { MEDIA_KIND_VALUES, PURCHASE_FUNDING_METHODS } from '../db/schema/index.ts';

/**
 * Every domain event: what happened, named `<thing>.<past tense>`, and the schema of what it
 * tells. Emitters and subscribers both import it from here, below the modules, so a
 * subscriber never imports the module that emits (and no cycle can come of it). A payload
 * is stored as JSON in each delivery job and parsed with its schema when the job is claimed:
 * only JSON values (a time as an ISO string), and ids rather than rows, which a subscriber
 * reads again through the owner's services as they are when it runs.
 *
 * A payload may gain optional fields; renaming or removing one, or an event, needs the
 * deliveries still queued in mind (they are parsed with the new schema).
 */
export const DOMAIN_EVENTS = {
  /**
   * A creator's item can be seen by its audience (items.id), emitted by the catalogue: at
   * create, or when its main file is ready (publishItemsWithReadyFile) if it was processing.
   */
  'item.published': z.object({
    itemId: z.string(),
    kind: z.enum(ITEM_KINDS),
    creatorId: z.string(),
  }),
  /**
   * An upload finished processing and is ready to be shown or played (media's process-media),
   * told in the transaction that marks it ready; not for a failed one.
   */
  'media.ready': z.object({
    publicId: z.string(),
    kind: z.enum(MEDIA_KIND_VALUES),
  }),
  /**
   * A fan's purchase was paid and granted (money/purchases, pay-purchase.ts), at once from
   * the wallet or when the top-up it waited on landed. Amounts in ngwee.
   */
  'purchase.completed': z.object({
    purchaseId: z.string(),
    kind: z.enum(PURCHASE_KINDS),
    fanId: z.string(),
    creatorId: z.string(),
    amount: z.number().int(),
    /** The platform's part; the creator earned amount − fee. */
    fee: z.number().int(),
    funding: z.enum(PURCHASE_FUNDING_METHODS),
    /** The catalogue's item bought or tipped; null for a pass or support. */
    itemId: z.string().nullable(),
    completedAt: z.iso.datetime(),
  }),
  /** Someone began following a creator (profiles, follows.service.ts); not an unfollow. */
  'follow.created': z.object({
    followerId: z.string(),
    followedId: z.string(),
  }),
  /**
   * A creator's payout reached its end (money/payouts, settle-payout.ts): paid out, or failed
   * and given back to the earnings, booked in the same transaction. Emitted once a payout.
   */
  'payout.settled': z.object({
    payoutId: z.string(),
    /** null when the creator's account was deleted while the payout was on its way. */
    creatorId: z.string().nullable(),
    status: z.enum(['COMPLETED', 'FAILED', 'REJECTED']),
    amount: z.number().int(),
    isAutomatic: z.boolean(),
  }),
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<Event extends DomainEventName> = z.infer<(typeof DOMAIN_EVENTS)[Event]>;

/** The schema of one event's payload, typed by its name (TypeScript cannot narrow the map's union). */
export function eventSchema<Event extends DomainEventName>(
  event: Event,
): z.ZodType<DomainEventPayload<Event>> {
  return DOMAIN_EVENTS[event] as unknown as z.ZodType<DomainEventPayload<Event>>;
}
