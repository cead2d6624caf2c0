import { Worker } from 'node:worker_threads';
import type { ComputeOutput, ComputeRequest } from './compute.js';

export interface ThreadHooks {
  onProgress?: (fraction: number, message?: string) => void;
  onPartial?: (key: string, value: unknown) => void;
}

/** Thrown when an analysis runs past its time limit (its thread is terminated). */
export class AnalysisTimeoutError extends Error {
  constructor(seconds: number) {
    super(`The analysis did not finish within its time limit of ${seconds} s`);
    this.name = 'AnalysisTimeoutError';
  }
}

interface ThreadMessage {
  id: number;
  kind: 'progress' | 'partial' | 'done' | 'error';
  fraction?: number;
  message?: string;
  key?: string;
  value?: unknown;
  output?: unknown;
}

/** A thread's entry: its bundle's name (beside the server bundle) and its TypeScript source. */
export interface ThreadEntry {
  bundled: string;
  source: URL;
}

/** The analysis threads' entry (compute-thread.ts). */
export const COMPUTE_THREAD: ThreadEntry = {
  bundled: 'compute-thread.js',
  source: new URL('./compute-thread.ts', import.meta.url),
};

/**
 * Start a thread: the bundled entry beside the server bundle, or (tests, `npm run dev`) the TypeScript
 * source, loaded through tsx registered inside the thread (loader flags do not reach threads on Node 20).
 */
function startThread(entry: ThreadEntry): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${entry.bundled}`, import.meta.url));
  const source = entry.source.href;
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(code, { eval: true });
}

/**
 * Runs CPU-heavy work in worker threads, at most `concurrency` at a time (the rest wait): the analyses, and
 * the reading of imported scans. Threads are kept and reused, so the engine stays compiled; a thread that
 * passes the time limit, crashes or exits is terminated and replaced by a fresh one for the next request.
 * A thread answers `{ id, kind: 'progress' | 'partial' | 'done' | 'error', … }` for each `{ id, request }`.
 */
export class ThreadRunner<Request = ComputeRequest, Output = ComputeOutput> {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;

  constructor(
    private readonly concurrency: number,
    private readonly entry: ThreadEntry = COMPUTE_THREAD,
  ) {}

  /** Requests running or waiting for a thread. */
  get pending(): number {
    return this.running + this.waiting.length;
  }

  async run(request: Request, timeoutS: number, hooks: ThreadHooks = {}): Promise<Output> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await this.runOnThread(request, timeoutS, hooks);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private runOnThread(request: Request, timeoutS: number, hooks: ThreadHooks): Promise<Output> {
    const worker = this.idle.pop() ?? this.spawn();
    const id = this.nextId++;
    return new Promise<Output>((resolve, reject) => {
      let settled = false;
      const finish = (keep: boolean, fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep) this.idle.push(worker);
        else this.discard(worker);
        fn();
      };
      const onMessage = (message: ThreadMessage) => {
        if (message.id !== id) return;
        if (message.kind === 'progress') hooks.onProgress?.(message.fraction ?? 0, message.message);
        else if (message.kind === 'partial') hooks.onPartial?.(message.key ?? '', message.value);
        else if (message.kind === 'done') finish(true, () => resolve(message.output as Output));
        else finish(true, () => reject(new Error(message.message)));
      };
      const onError = (error: Error) => finish(false, () => reject(error));
      const onExit = (code: number) =>
        finish(false, () =>
          reject(new Error(`The analysis thread stopped unexpectedly (exit code ${code})`)),
        );
      const timer = setTimeout(
        () => finish(false, () => reject(new AnalysisTimeoutError(timeoutS))),
        timeoutS * 1000,
      );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, request });
    });
  }

  private spawn(): Worker {
    const worker = startThread(this.entry);
    this.all.add(worker);
    // An idle thread must not keep the process alive.
    worker.unref();
    worker.once('exit', () => {
      this.all.delete(worker);
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
    });
    return worker;
  }

  private discard(worker: Worker): void {
    this.all.delete(worker);
    void worker.terminate();
  }

  /** Terminate every thread (shutdown). */
  async close(): Promise<void> {
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
