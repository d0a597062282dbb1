import type { FastifyInstance } from 'fastify';
import {
  findLiveInstanceIds,
  HEARTBEAT_INTERVAL_MS,
  removeFilesOfDeadInstances,
} from '../../jobs/server-instances.ts';
import { workRootOf } from './processing/work-dir.ts';
import { uploadFolderOf } from './receive-upload.ts';

/**
 * Files being uploaded and video work folders carry the id of the server making them
 * (ownedName): what a dead server left there goes. The folders are on the data disk, so
 * this is work per data folder: each server removes the leftovers in its own at start,
 * before it answers (a killed server's partial upload goes when its successor starts), and
 * a schedule, run by one server every heartbeat interval, removes those in the folder of
 * the server it runs on, which covers servers sharing a data folder. Servers on separate
 * disks each clean theirs at start and whenever the schedule runs there.
 */
export function registerDeadServerLeftoverRemoval(app: FastifyInstance): void {
  const { config } = app;
  const folders = [uploadFolderOf(config.dataDir), workRootOf(config.dataDir)];
  const isSoleProcess = app.database.kind === 'pglite';
  const removeLeftovers = async () => {
    const removed = await removeFilesOfDeadInstances(folders, () =>
      findLiveInstanceIds(app.db, app.serverInstance, { isSoleProcess }),
    );
    if (removed.length > 0) app.log.info({ removed }, 'removed what a stopped server left');
  };
  app.addHook('onReady', removeLeftovers);
  app.jobs.every('remove-media-files-of-dead-servers', HEARTBEAT_INTERVAL_MS, removeLeftovers);
}
