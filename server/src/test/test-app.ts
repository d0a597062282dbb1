import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type App, type AppDependencies, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createTestDatabase, recordStatements } from './test-database.ts';

export type TestApp = { app: App; config: Config };

/**
 * The settings production insists on, pointing nowhere real (the database given to the
 * app is the test's own): for tests of what production does differently.
 */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://unused.invalid/stagepass',
  APP_SECRET: 'p'.repeat(40),
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_URL: 'https://stagepass.example',
  PAWAPAY_BASE_URL: 'http://127.0.0.1:9',
  PAWAPAY_API_TOKEN: 'unused',
  LOG_LEVEL: 'silent',
};

/**
 * Call at the top of a test file: builds the real app on a fresh database before the
 * file's tests and tears both down after them. Environment overrides go through the
 * same config parser as production.
 */
export function setupTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: AppDependencies['mailer'];
    logStream?: AppDependencies['logStream'];
    onRoute?: AppDependencies['onRoute'];
    /** Told of every statement the app sends its database (recordStatements). */
    onStatement?: (statement: string) => void;
  } = {},
) {
  const context = {} as TestApp;
  let dispose = async () => {};
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-test-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env });
    const testDatabase = await createTestDatabase();
    const app = await buildApp({
      config,
      database: options.onStatement
        ? recordStatements(testDatabase.database, options.onStatement)
        : testDatabase.database,
      mailer: options.mailer,
      logStream: options.logStream,
      onRoute: options.onRoute,
    });
    Object.assign(context, { app, config });
    dispose = async () => {
      await app.close();
      await testDatabase.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => dispose());
  return context;
}
