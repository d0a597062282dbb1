import type { FastifyInstance } from 'fastify';
import type { DomainEventName } from './catalogue.ts';
import { addSubscriber, deliveryJob, type EventSubscriber, type SubscriberOptions } from './domain-events.ts';

export type DomainEvents = {
  /**
   * Runs `handler` once for every `event` emitted from now on, as the job
   * `<event>:<name>`: retried by the job engine's rules on failure, apart from the other
   * subscribers. Only while the app is built, like `app.jobs.handle`; `name` says what the
   * subscriber does ('mail-the-creator') and is unique per event.
   */
  subscribe<Event extends DomainEventName>(
    event: Event,
    name: string,
    handler: EventSubscriber<Event>,
    options?: SubscriberOptions<Event>,
  ): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Subscribing to domain events (events/README.md); emitting is `emit(tx, …)`, with no app. */
    events: DomainEvents;
  }
}

/** Gives the app `app.events`; after the job engine, which delivers the events. */
export function registerDomainEvents(app: FastifyInstance): void {
  app.decorate('events', {
    subscribe(event, name, handler, options = {}) {
      addSubscriber(event, name);
      app.jobs.handle(deliveryJob(event, name), { ...options, run: handler });
    },
  } satisfies DomainEvents);
}
