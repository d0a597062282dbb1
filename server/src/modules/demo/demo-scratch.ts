import fs from 'node:fs/promises';
import path from 'node:path';
import { ownedName, type ServerInstance } from '../../jobs/server-instances.ts';

/**
 * Where the demo draws its pictures, tones and video before storing them: the media
 * processing's work folder on the data disk, under a name that says which server made it,
 * so what a server killed while seeding leaves there goes once it is dead
 * (dead-server-leftovers.ts), instead of staying in the system's temporary folder.
 */
export type DemoScratch = { workRoot: string; instance: ServerInstance };

/** A fresh folder for one part of the seed; the caller removes it. */
export async function makeDemoWorkDir(scratch: DemoScratch, label: string): Promise<string> {
  await fs.mkdir(scratch.workRoot, { recursive: true });
  return fs.mkdtemp(path.join(scratch.workRoot, `${ownedName(scratch.instance, label)}-`));
}
