import type { Db } from '../db/client.ts';
import { defineJob, type JobType } from '../jobs/define-job.ts';
import type { JobContext, JobHandler } from '../jobs/job-runner.ts';
import { type DomainEventName, type DomainEventPayload, eventSchema } from './catalogue.ts';

/**
 * Domain events on the job engine (docs/decisions/024-domain-events.md): `emit` queues one
 * job per subscriber inside the emitter's transaction, so a delivery exists exactly when the
 * change it tells of does; each delivery is a job of its own, retried by the engine's rules
 * without holding up the other subscribers.
 */

export type EventSubscriber<Event extends DomainEventName> = (
  payload: DomainEventPayload<Event>,
  context: JobContext,
) => Promise<void>;

/** How a subscriber's deliveries are tried, as for any job (job-runner.ts). */
export type SubscriberOptions<Event extends DomainEventName> = Pick<
  JobHandler<DomainEventPayload<Event>>,
  'maxAttempts' | 'onGiveUp'
>;

/**
 * Who listens to each event, by subscriber name: filled as the app is built (every process
 * builds the same app, so every process queues the same deliveries), read by `emit`, which
 * is called from services that have a transaction but no app. The handlers themselves are
 * each app's own (`app.jobs.handle`).
 */
const subscribers = new Map<DomainEventName, Set<string>>();

/**
 * The job that delivers `event` to one subscriber, kind `<event>:<subscriber>`
 * ('payout.settled:mail-the-creator'), its payload the event's: stored in jobs.kind, so
 * never rename a subscriber that may have deliveries queued.
 */
export function deliveryJob<Event extends DomainEventName>(
  event: Event,
  subscriber: string,
): JobType<DomainEventPayload<Event>> {
  return defineJob(`${event}:${subscriber}`, eventSchema(event));
}

/** Notes a subscriber for `emit`; see `app.events.subscribe` (register-domain-events.ts). */
export function addSubscriber(event: DomainEventName, subscriber: string): void {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(subscriber)) {
    throw new Error(`A subscriber's name is kebab-case words ('mail-the-creator'), not '${subscriber}'`);
  }
  const names = subscribers.get(event) ?? new Set<string>();
  names.add(subscriber);
  subscribers.set(event, names);
}

/**
 * Tells every subscriber of `event` what happened: call it inside the transaction that makes
 * the change, after the change, so the deliveries commit or roll back with it. The payload is
 * parsed with the event's schema first, so a payload that does not fit throws here (and
 * undoes the change) rather than failing later in every subscriber, and fields the schema
 * does not name are not stored.
 */
export async function emit<Event extends DomainEventName>(
  tx: Pick<Db, 'insert'>,
  event: Event,
  payload: DomainEventPayload<Event>,
): Promise<void> {
  const names = subscribers.get(event);
  if (!names || names.size === 0) return;
  const told = eventSchema(event).parse(payload);
  for (const subscriber of names) await deliveryJob(event, subscriber).enqueue(tx, told);
}
