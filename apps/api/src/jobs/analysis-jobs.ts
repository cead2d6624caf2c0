import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  addPartialResult,
  claimJob,
  failAbandonedJob,
  failAbandonedReport,
  findJobUnscoped,
  settleJob,
  updateJobProgress,
} from '@gprhub/db';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../app-context.js';
import { buildComputeRequest } from '../modules/analyses/analysis-inputs.js';
import { finishJob } from './analysis-results.js';
import { isSplitIntoLines, runAreaCombine, runAreaLine, splitAreaJob } from './area-line-jobs.js';
import { removeRtabmapCopy } from './point-cloud-input.js';
import { runPointCloudLod, type PointCloudLodMessage, type PointCloudLodOutcome } from './point-cloud-lod-job.js';
import {
  ANALYSIS_DEAD_QUEUE,
  ANALYSIS_QUEUE,
  POINT_CLOUD_LOD_QUEUE,
  REPORT_DEAD_QUEUE,
  REPORT_QUEUE,
  startQueue,
  type AnalysisJobMessage,
  type AnalysisQueueMessage,
  type AreaLineMessage,
  type ReportQueueMessage,
} from './queue.js';
import { runReport } from './report-job.js';
import { ThreadRunner } from './thread-runner.js';

/** How often progress is written to the database at most, ms. */
const PROGRESS_INTERVAL_MS = 500;

/**
 * The analysis queue of one process: enqueues jobs (the API) and, when started as a worker, takes jobs
 * from the queue, loads their inputs, computes them in worker threads and stores their results. Any number
 * of processes may work the same queue (PostgreSQL); see docs/decisions/0003-analyses-and-jobs.md.
 */
export class AnalysisJobs {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private runner: ThreadRunner | null = null;
  private readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private working = false;

  constructor(private readonly ctx: AppContext) {}

  private async queue(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    this.starting ??= startQueue(this.ctx.database, this.ctx.config.jobs, (error) =>
      console.error(`analysis queue: ${error.message}`),
    ).then((boss) => {
      this.boss = boss;
      return boss;
    });
    return this.starting;
  }

  /** Put a job on the queue; answers the queue's job id. */
  async enqueue(jobId: string): Promise<string> {
    const boss = await this.queue();
    const id = await boss.send(ANALYSIS_QUEUE, { jobId } satisfies AnalysisJobMessage);
    if (!id) throw new Error('The analysis queue refused the job');
    return id;
  }

  /** Queue steps of a job (an area's line jobs, its combine step). */
  private async sendSteps(messages: AnalysisQueueMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const boss = await this.queue();
    await boss.insert(
      ANALYSIS_QUEUE,
      messages.map((data) => ({ data: data as unknown as object })),
    );
  }

  /** Put a report on its queue (issue #21). */
  async enqueueReport(reportId: string): Promise<string> {
    const boss = await this.queue();
    const id = await boss.send(REPORT_QUEUE, { reportId } satisfies ReportQueueMessage);
    if (!id) throw new Error('The report queue refused the job');
    return id;
  }

  /**
   * Queue the LOD-ordered copy of a version's uploaded point cloud (decision 0058). The job is idempotent: a
   * second one for the same file finds the copy there and adds nothing.
   */
  async enqueuePointCloudLod(message: PointCloudLodMessage): Promise<void> {
    const boss = await this.queue();
    const id = await boss.send(POINT_CLOUD_LOD_QUEUE, message as unknown as object);
    if (!id) throw new Error('The point cloud queue refused the job');
  }

  /** Outcomes of the LOD copies this process derived, newest last (for tests and the benchmark's log). */
  readonly pointCloudLodOutcomes: (PointCloudLodMessage & (PointCloudLodOutcome | { status: 'failed'; reason: string }))[] = [];

  /** Start taking jobs: `threads` analyses at a time, each in a worker thread; reports one at a time. */
  async startWorker(): Promise<void> {
    if (this.working) return;
    this.working = true;
    const boss = await this.queue();
    const threads = this.ctx.config.jobs.threads;
    this.runner = new ThreadRunner(threads);
    let workerId = '';
    workerId = await boss.work<AnalysisQueueMessage>(
      ANALYSIS_QUEUE,
      // NOTIFY wakes an idle worker at once; polling (1 s) is the floor.
      { localConcurrency: threads, batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
      async ([job]) => {
        try {
          if (job) await this.dispatch(job.data);
        } finally {
          // Look for the next job as soon as this one is done instead of waiting for the next poll.
          boss.notifyWorker(workerId);
        }
      },
    );
    await boss.work<AnalysisQueueMessage>(
      ANALYSIS_DEAD_QUEUE,
      { pollingIntervalSeconds: 5 },
      async ([job]) => {
        if (job)
          await failAbandonedJob(
            this.ctx.db,
            job.data.jobId,
            'The analysis stopped twice before finishing (its workers were lost); start it again',
          );
      },
    );
    // Reports read scans and draw a PDF (no heavy computing: the depth sections are a resampling); one at a
    // time per process, so a folder's report does not starve the analyses of the event loop.
    let reportWorkerId = '';
    reportWorkerId = await boss.work<ReportQueueMessage>(
      REPORT_QUEUE,
      { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
      async ([job]) => {
        try {
          if (job) await runReport(this.ctx, job.data.reportId);
        } finally {
          boss.notifyWorker(reportWorkerId);
        }
      },
    );
    // LOD-ordered copies of uploaded clouds: one at a time per process, in a compute thread (the shuffle of a
    // 10-million-point file holds its 150 MB); a failure is retried once by pg-boss, then given up.
    let lodWorkerId = '';
    lodWorkerId = await boss.work<PointCloudLodMessage>(
      POINT_CLOUD_LOD_QUEUE,
      { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
      async ([job]) => {
        try {
          if (job) this.notePointCloudLod({ ...job.data, ...(await runPointCloudLod(this.ctx, this.runner!, job.data)) });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (job) this.notePointCloudLod({ ...job.data, status: 'failed', reason });
          console.error(`point cloud LOD copy of version ${job?.data.versionId}: ${reason}`);
          throw error;
        } finally {
          boss.notifyWorker(lodWorkerId);
        }
      },
    );
    await boss.work<ReportQueueMessage>(REPORT_DEAD_QUEUE, { pollingIntervalSeconds: 5 }, async ([job]) => {
      if (job)
        await failAbandonedReport(this.ctx.db, job.data.reportId, 'The report stopped twice before finishing (its workers were lost); generate it again');
    });
  }

  private notePointCloudLod(outcome: (typeof this.pointCloudLodOutcomes)[number]): void {
    this.pointCloudLodOutcomes.push(outcome);
    if (this.pointCloudLodOutcomes.length > 100) this.pointCloudLodOutcomes.shift();
  }

  /** One queue message: a whole job, or a step of an area job (a line, the combine step). */
  private async dispatch(message: AnalysisQueueMessage): Promise<void> {
    if (message.step === undefined) return this.handle(message.jobId);
    try {
      if (message.step === 'line') {
        const isComplete = await runAreaLine(this.ctx, this.runner!, this.workerId, message);
        if (isComplete) await this.sendSteps([{ jobId: message.jobId, step: 'combine' }]);
      } else {
        await runAreaCombine(this.ctx, this.runner!, message);
      }
    } catch (error) {
      // A line or the combine step failed: the area job fails with its reason (deterministic errors are not retried).
      const job = await findJobUnscoped(this.ctx.db, message.jobId);
      if (!job || job.status !== 'ANALYSING') return;
      const reason = error instanceof Error ? error.message : String(error);
      const where = message.step === 'line' ? `Line ${message.lineIndex + 1}: ` : '';
      await settleJob(this.ctx.db, job, { status: 'FAILED', message: `${where}${reason}` });
    }
  }

  /** Run one job: claim it, compute it, store its results, settle it. Errors end the job FAILED with their message. */
  async handle(jobId: string): Promise<void> {
    const { db } = this.ctx;
    const job = await claimJob(db, jobId, this.workerId);
    if (!job) return; // already settled: a duplicate delivery
    if (isSplitIntoLines(job.analysisType)) {
      try {
        await splitAreaJob(this.ctx, job, (messages: AreaLineMessage[]) => this.sendSteps(messages));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await settleJob(db, job, { status: 'FAILED', message });
      }
      return;
    }
    let lastWrite = 0;
    let lastPercent = -1;
    let request: Awaited<ReturnType<typeof buildComputeRequest>> | undefined;
    try {
      request = await buildComputeRequest(this.ctx, job);
      const output = await this.runner!.run(request, this.ctx.config.jobs.timeoutS, {
        onProgress: (fraction, message) => {
          const percent = Math.max(0, Math.min(99, Math.round(fraction * 100)));
          const now = Date.now();
          if (percent === lastPercent || now - lastWrite < PROGRESS_INTERVAL_MS) return;
          lastPercent = percent;
          lastWrite = now;
          void updateJobProgress(db, job, percent, message ?? null).catch(() => {});
        },
        onPartial: (key, value) => void addPartialResult(db, job, key, value).catch(() => {}),
      });
      await finishJob(this.ctx, job, output);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await settleJob(db, job, { status: 'FAILED', message });
    } finally {
      if (request?.type === 'GENERATE_POINT_CLOUD' || request?.type === 'GENERATE_MESH') await removeRtabmapCopy(request.dbPath).catch(() => {});
    }
  }

  /** Stop taking jobs (a running one is given back to the queue by its heartbeat), then close the queue. */
  async stop(): Promise<void> {
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => null) : null);
    await this.runner?.close();
    if (boss) await boss.stop({ graceful: false, close: true }).catch(() => {});
    this.boss = null;
    this.starting = null;
    this.working = false;
  }

  /** For tests and the queue benchmark: the job row. */
  find(jobId: string) {
    return findJobUnscoped(this.ctx.db, jobId);
  }
}
