import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { registerDomainEvents } from './events/register-domain-events.ts';
import { registerJobEngine } from './jobs/register-job-engine.ts';
import { createMediaStore } from './lib/create-media-store.ts';
import { createLoggerOptions, type LogStream } from './lib/logging.ts';
import { createMailer, type Mailer } from './lib/mail/mailer.ts';
import type { MediaStore } from './lib/media-store.ts';
import { registerItemOwnerLookup } from './lib/register-route.ts';
import { registerAccountSettingsRoutes } from './modules/account-settings/account-settings.routes.ts';
import { registerAudio } from './modules/audio/register-audio.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerDevOidcProvider } from './modules/auth/social-sign-in/dev-oidc-provider.ts';
import { registerOidcRoutes } from './modules/auth/social-sign-in/oidc.routes.ts';
import { createOidcClient, type OidcClient } from './modules/auth/social-sign-in/oidc-client.ts';
import { registerCreatorAnalyticsRoutes } from './modules/creator-analytics/creator-analytics.routes.ts';
import { registerCreatorRoutes } from './modules/creators/creators.routes.ts';
import { registerDevOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { isMediaHeldCondition, mediaHolderColumn } from './modules/items/item-media.service.ts';
import { findItem, findItemForSale } from './modules/items/items.service.ts';
import { registerItems } from './modules/items/register-items.ts';
import { registerMediaHolders } from './modules/media/media.service.ts';
import { registerMedia } from './modules/media/register-media.ts';
import { registerMoney } from './modules/money/register-money.ts';
import { registerPasses } from './modules/passes/register-passes.ts';
import { registerPosts } from './modules/posts/register-posts.ts';
import { describeProfilePage } from './modules/profiles/profile-page-head.ts';
import { registerProfiles } from './modules/profiles/register-profiles.ts';
import { registerSupport } from './modules/support/register-support.ts';
import { registerTips } from './modules/tips/tips.service.ts';
import { registerUnlocks } from './modules/unlocks/register-unlocks.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { registerVideo } from './modules/video/register-video.ts';
import { createFrontDoor } from './plugins/answer-before-routing.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { listSecurityHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStorableTextRule } from './plugins/storable-text.ts';
import { registerUnreadBodyDraining } from './plugins/unread-request-body.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { registerWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    mediaStore: MediaStore;
    /** Social sign-in, when offered. */
    oidc: OidcClient | undefined;
  }
}

export type App = FastifyInstance;

/**
 * On close, Fastify ends idle keep-alive connections at once, but a connection busy with a
 * request at that moment would stay open until its keep-alive timeout (72 s) once the
 * answer is sent. Ending such connections as soon as their answer is out lets Ctrl-C
 * finish requests in flight and still stop promptly; requests still running after a grace
 * period are cut.
 */
const SHUTDOWN_GRACE_MS = 10_000;

function closeConnectionsAsTheyFinishOnShutdown(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
    // A connection that never finishes a request (a client gone quiet mid-request) must not
    // hold the process forever: after the grace, every connection is ended.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  });
  app.addHook('onResponse', async () => {
    if (isClosing) app.server.closeIdleConnections();
  });
}

export type AppDependencies = {
  config: Config;
  /** Already migrated; the caller owns it and closes it after the app. */
  database: Database;
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** Told of every route as it is registered (the audience test walks them all). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole HTTP app without listening, so tests can `inject` into it. */
export async function buildApp({
  config,
  database,
  mailer,
  logStream,
  onRoute,
}: AppDependencies): Promise<App> {
  // Streamed video's byte ranges are answered before Fastify routes them (folder-media.ts).
  const frontDoor = createFrontDoor();
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    ...createLoggerOptions(config, logStream),
    genReqId: () => randomUUID(),
    // The nearest `trustProxy` hops, never `true`: with `true` the address is the left end of
    // X-Forwarded-For, which the client writes. (Fastify refuses a bare number since a direct
    // client could claim to be the proxy; TRUST_PROXY says the server is reachable only
    // through its proxies.)
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    // Ctrl-C should not wait for idle keep-alive connections, only for requests in flight.
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer ?? createMailer(config, database.db));
  app.decorate('mediaStore', await createMediaStore(config));
  // Worked out once: the same headers on every answer, Fastify's or the front door's.
  const securityHeaders = listSecurityHeaders(config.isProduction);
  frontDoor.install(app, { securityHeaders });
  app.addHook('onClose', async () => app.mailer.close());
  registerJobEngine(app);
  registerDomainEvents(app);

  app.addHook('onRequest', async (request, reply) => {
    // Lets a person quote the id of a failed request; the logs carry the same id.
    reply.header('x-request-id', request.id);
    // API answers belong to one visitor: no browser, proxy or service worker may keep them.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  closeConnectionsAsTheyFinishOnShutdown(app);
  registerErrorHandling(app);
  registerStorableTextRule(app);
  registerUnreadBodyDraining(app);
  registerSecurityHeaders(app, securityHeaders);
  registerOriginCheck(app);
  await app.register(fastifyCookie);
  await registerRateLimits(app);
  await registerOpenApi(app);

  // Before any route: 'owner' routes ask the catalogue who made the item they name.
  registerItemOwnerLookup(app, findItem);
  await app.register(registerHealthRoutes);
  const devOidc = config.oidc.kind === 'development' ? await registerDevOidcProvider(app) : undefined;
  const oidc = createOidcClient(config, devOidc?.clientSecret);
  app.decorate('oidc', oidc);
  await app.register(registerAuthRoutes);
  await app.register(registerOidcRoutes, { oidc });
  await app.register(registerUserRoutes);
  // Media asks the catalogue which item holds an upload; it cannot import it (items → profiles → media).
  registerMediaHolders({ holderColumn: mediaHolderColumn, isHeldCondition: isMediaHeldCondition });
  await registerMedia(app);
  await app.register(registerAccountSettingsRoutes);
  await app.register(registerCreatorRoutes);
  await registerProfiles(app);
  await registerItems(app);
  await registerPosts(app);
  await registerAudio(app);
  await registerVideo(app);
  await registerSupport(app);
  registerTips();
  registerUnlocks({ findItemForSale });
  await registerPasses(app);
  await registerMoney(app);
  await app.register(registerCreatorAnalyticsRoutes);
  if (!config.isProduction) await app.register(registerDevOutboxRoutes);

  await registerWebApp(app, { describePage: describeProfilePage });
  return app;
}
