import path from 'node:path';
import sharp from 'sharp';
import { type App, buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, openPglite, openPostgres } from './db/client.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';
import { formatErrorForConsole } from './lib/logging.ts';
import { isLoopbackHost } from './lib/network.ts';
import { type DemoSeedResult, describeDemoSignIn, seedDemoContentIfEmpty } from './modules/demo/demo-seed.ts';
import { workRootOf } from './modules/media/processing/work-dir.ts';
import { listenOnOtherAddressesOfLocalhost } from './plugins/answer-before-routing.ts';

// How long Ctrl-C waits for requests in flight before giving up on them.
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // libvips keeps up to 50 MB of decoded images for reuse by default. A server never opens
  // the same image twice, so that cache only holds memory (seen as ~50 MB of RSS after the
  // demo avatars were made).
  sharp.cache(false);
  const releaseDataDir = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'db'));

  let app: App | undefined;
  let demo: DemoSeedResult | undefined;
  try {
    await database.migrate();
    app = await buildApp({ config, database });
    // Before listening, so the first visitor already finds a living platform (never in production).
    if (config.demoContent) {
      demo = await seedDemoContentIfEmpty({
        db: app.db,
        mediaStore: app.mediaStore,
        isProduction: config.isProduction,
        appSecret: config.appSecret,
        tools: { ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath },
        scratch: { workRoot: workRootOf(config.dataDir), instance: app.serverInstance },
        log: app.log,
      });
    }
    // Node names the addresses it listens on (127.0.0.1, ::1); the one to open is PUBLIC_URL,
    // the origin the cookies, mail links and social sign-in's way back use.
    const describeListening = (address: string) => `listening on ${address}; open ${config.publicUrl}`;
    await app.listen({ port: config.port, host: config.host, listenTextResolver: describeListening });
    if (config.host === 'localhost') await listenOnOtherAddressesOfLocalhost(app, describeListening);
  } catch (error) {
    // A failed start leaves nothing open behind it: the next start must find a free database.
    await app?.close();
    await database.close();
    releaseDataDir();
    throw error;
  }

  stopOnSignals(app, database, releaseDataDir);
  printWelcome(config, database.kind, app.mailer.kind);
  if (demo?.status === 'seeded') console.log(describeDemoSignIn(demo));
}

/** Ctrl-C and SIGTERM: stop taking requests, finish those in flight, close the database. */
function stopOnSignals(app: App, database: Database, releaseDataDir: () => void): void {
  let isShuttingDown = false;
  const shutDown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      releaseDataDir();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutDown('SIGINT'));
  process.once('SIGTERM', () => void shutDown('SIGTERM'));
}

function printWelcome(config: Config, databaseKind: string, mailKind: string): void {
  const { publicUrl } = config;
  const lines = [
    '',
    `  Stagepass is running at ${publicUrl}`,
    `  database: ${databaseKind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  mail: ${mailKind === 'smtp' ? 'SMTP (SMTP_URL)' : `dev outbox at ${publicUrl}/api/dev/outbox?to=EMAIL`}`,
    `  API document: ${publicUrl}/api/openapi.json`,
    '',
  ];
  if (!config.isProduction && !isLoopbackHost(config.host)) {
    lines.push(
      `  Warning: this ${config.environment} server listens on ${config.host}, reachable from other machines,`,
      '  with a development secret. Set NODE_ENV=production for anything but local testing.',
      '',
    );
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port is already in use: another program (or another Stagepass) listens there. Set PORT.`);
  } else {
    // Not the error object itself: a failed query carries its parameters on it.
    console.error(formatErrorForConsole(error));
  }
  process.exit(1);
});
