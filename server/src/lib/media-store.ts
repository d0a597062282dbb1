import fs from 'node:fs/promises';

/**
 * Where uploaded files live. Local disk under DATA_DIR/media for the demo; the posts issue
 * adds an S3-compatible implementation of the same type.
 */
export type MediaStore = {
  kind: 'local' | 's3';
  /** Whether files can be written now (reported by /api/health). */
  check(): Promise<boolean>;
};

export async function createLocalMediaStore(root: string): Promise<MediaStore> {
  await fs.mkdir(root, { recursive: true });
  return {
    kind: 'local',
    check: async () => {
      try {
        await fs.access(root, fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}
