import { spawn } from 'node:child_process';
import os from 'node:os';

export class ToolFailedError extends Error {
  override name = 'ToolFailedError';
  constructor(
    message: string,
    /** The end of what the tool printed on stderr: why it failed, for the log. */
    readonly stderrTail: string,
    /** Set when the tool ended by itself: it refused the input rather than being stopped. */
    readonly exitCode: number | null = null,
  ) {
    super(message);
  }
}

const MAX_STDOUT_BYTES = 8 * 1024 * 1024;
const STDERR_TAIL_BYTES = 4096;
// Below the server's own priority: when the cores are busy, answering requests goes first.
const TOOL_NICENESS = 10;

/**
 * Runs ffmpeg or ffprobe (no shell: arguments are never parsed as a command line) and
 * resolves with its stdout; rejects with the tail of stderr when it fails, runs past
 * `timeoutMs`, or `signal` aborts (the process is killed in both cases). With `onStdout`,
 * stdout goes to it as it comes (ffmpeg's `-progress pipe:1`) and is not kept: the answer
 * is then ''.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: { signal?: AbortSignal; timeoutMs: number; onStdout?: (text: string) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, TOOL_NICENESS);
      } catch {
        // Not allowed here (some containers): it still runs, only at normal priority.
      }
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrTail = '';
    let failure: Error | undefined;
    const kill = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };

    child.stdout.on('data', (chunk: Buffer) => {
      if (options.onStdout) {
        options.onStdout(chunk.toString('utf8'));
        return;
      }
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_STDOUT_BYTES)
        kill(new ToolFailedError(`${command} printed too much`, stderrTail));
      else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    const timer = setTimeout(
      () => kill(new ToolFailedError(`${command} ran longer than ${options.timeoutMs} ms`, stderrTail)),
      options.timeoutMs,
    );
    const onAbort = () => kill(options.signal?.reason ?? new Error('aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (error) => {
      failure ??= error;
      // It never started (no such file): no 'close' is sure to follow.
      if (child.pid === undefined) {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        reject(error);
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else if (code !== 0) reject(new ToolFailedError(`${command} exited with ${code}`, stderrTail, code));
      else resolve(Buffer.concat(stdout).toString('utf8'));
    });
  });
}
