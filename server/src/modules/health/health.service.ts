import type { THealthResponse } from '@stagepass/contract/health';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../lib/media-store.ts';

export async function checkHealth(options: {
  database: Database;
  mediaStore: Pick<MediaStore, 'kind' | 'check'>;
  config: { version: string };
}): Promise<THealthResponse> {
  const [isDatabaseUp, isStoreUp] = await Promise.all([
    options.database.ping().then(
      () => true,
      () => false,
    ),
    options.mediaStore.check(),
  ]);
  return {
    ok: isDatabaseUp && isStoreUp,
    db: options.database.kind,
    store: { kind: options.mediaStore.kind, ok: isStoreUp },
    version: options.config.version,
  };
}
