import type { DatabaseHandle } from '@gprhub/db';
import { PgBoss, fromPglite } from 'pg-boss';

/** The queue analyses go through, and where pg-boss puts the jobs it gave up on. */
export const ANALYSIS_QUEUE = 'analysis';
export const ANALYSIS_DEAD_QUEUE = 'analysis-dead';
/** The queue PDF reports go through (issue #21), worked by the same processes, and its dead letters. */
export const REPORT_QUEUE = 'report';
export const REPORT_DEAD_QUEUE = 'report-dead';
/**
 * The queue deriving LOD-ordered copies of uploaded point clouds (decision 0058), worked by the same processes. No
 * dead letters: a copy that fails twice is simply not there (nothing half-made; the viewer reads the upload).
 */
export const POINT_CLOUD_LOD_QUEUE = 'point-cloud-lod';

export interface ReportQueueMessage {
  /** `report.id`. */
  reportId: string;
}

/** A whole job (`analysis_job.id`: everything else is read from the database). */
export interface AnalysisJobMessage {
  jobId: string;
  step?: undefined;
}

/** One line of an area job (docs/decisions/0032-area-lines-as-jobs.md): its placement travels with it. */
export interface AreaLineMessage {
  /** The area's `analysis_job.id`. */
  jobId: string;
  step: 'line';
  lineNodeId: string;
  lineIndex: number;
  direction: 'LEFT_TO_RIGHT' | 'BOTTOM_TO_TOP';
  offsetM: number;
}

/** The combine step of an area job, queued when its last line is stored. */
export interface AreaCombineMessage {
  jobId: string;
  step: 'combine';
}

/** What the `analysis` queue carries; every message names the analysis job it works for (dead letters fail it). */
export type AnalysisQueueMessage = AnalysisJobMessage | AreaLineMessage | AreaCombineMessage;

export interface QueueOptions {
  /** Time limit of one analysis (the queue's expiry is a little longer). */
  timeoutS: number;
  heartbeatS: number;
}

/**
 * pg-boss on the app's own database: on PGlite through its adapter (one shared connection), on PostgreSQL
 * with a small pool of its own. LISTEN/NOTIFY wakes workers at once; polling remains as a floor.
 */
export async function startQueue(
  database: DatabaseHandle,
  options: QueueOptions,
  onError: (error: Error) => void,
): Promise<PgBoss> {
  // Jobs of dead workers (no heartbeat) and expired jobs are found by the supervisor: check often enough that a
  // lost job is given to another worker within about two heartbeat periods.
  const supervision = {
    superviseIntervalSeconds: Math.max(1, Math.min(10, Math.floor(options.heartbeatS / 2))),
  };
  const watch = { ...supervision, monitorIntervalSeconds: supervision.superviseIntervalSeconds };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', useListenNotify: true, ...watch })
      : new PgBoss({ connectionString: database.connectionString, max: 4, useListenNotify: true, ...watch });
  boss.on('error', onError);
  await boss.start();
  const queueOptions = {
    notify: true,
    // A job whose worker died is retried once elsewhere (after its heartbeat lapses), then dead-lettered.
    retryLimit: 1,
    retryDelay: 0,
    expireInSeconds: options.timeoutS + 60,
    heartbeatSeconds: options.heartbeatS,
    deleteAfterSeconds: 7 * 24 * 3600,
  };
  if (!(await boss.getQueue(ANALYSIS_DEAD_QUEUE)))
    await createQueueOnce(boss, ANALYSIS_DEAD_QUEUE, { notify: true, retryLimit: 3 });
  if (!(await boss.getQueue(ANALYSIS_QUEUE)))
    await createQueueOnce(boss, ANALYSIS_QUEUE, { ...queueOptions, deadLetter: ANALYSIS_DEAD_QUEUE });
  else {
    const { heartbeatSeconds: _fixedAtCreation, ...updatable } = queueOptions;
    await boss.updateQueue(ANALYSIS_QUEUE, { ...updatable, deadLetter: ANALYSIS_DEAD_QUEUE });
  }
  if (!(await boss.getQueue(REPORT_DEAD_QUEUE)))
    await createQueueOnce(boss, REPORT_DEAD_QUEUE, { notify: true, retryLimit: 3 });
  if (!(await boss.getQueue(REPORT_QUEUE)))
    await createQueueOnce(boss, REPORT_QUEUE, { ...queueOptions, deadLetter: REPORT_DEAD_QUEUE });
  if (!(await boss.getQueue(POINT_CLOUD_LOD_QUEUE))) await createQueueOnce(boss, POINT_CLOUD_LOD_QUEUE, queueOptions);
  return boss;
}

/** Create a queue; another process creating it at the same moment is not an error. */
async function createQueueOnce(
  boss: PgBoss,
  name: string,
  options: Parameters<PgBoss['createQueue']>[1],
): Promise<void> {
  try {
    await boss.createQueue(name, options);
  } catch (error) {
    if (!(await boss.getQueue(name))) throw error;
  }
}
