import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-lock-'));
const lockFile = path.join(dataDir, 'server.lock');

afterEach(() => fs.rmSync(lockFile, { force: true }));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('holds the lock until released', () => {
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('refuses while another live process holds it', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(lockFile, String(other.pid));
      expect(() => lockDataDir(dataDir)).toThrow(`Another Stagepass server (pid ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left behind by a process that is gone', () => {
    fs.writeFileSync(lockFile, '2147483646');
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
  });
});
