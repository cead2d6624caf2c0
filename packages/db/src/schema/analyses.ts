import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';
import { files } from './files.js';
import { nodes } from './nodes.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/**
 * An analysis: a node of type ANALYSIS under its main input (docs/decisions/0003-analyses-and-jobs.md).
 * One per organization, type and canonical input (`inputKey`: the input's node ids as canonical JSON);
 * per-line analyses of an area-scan analysis also carry `parentAnalysisNodeId`.
 */
export const analyses = pgTable(
  'analysis',
  {
    nodeId: uuid('node_id')
      .primaryKey()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    analysisType: text('analysis_type').notNull(),
    /** The canonical input (node ids only). */
    input: jsonb('input').notNull().$type<Record<string, string>>(),
    inputKey: text('input_key').notNull(),
    /** Every node id of the input, for "analyses of this scan". */
    inputNodeIds: uuid('input_node_ids').array().notNull(),
    parentAnalysisNodeId: uuid('parent_analysis_node_id').references((): AnyPgColumn => analyses.nodeId, {
      onDelete: 'cascade',
    }),
    latestRunId: uuid('latest_run_id'),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('analysis_unique_input_idx').on(
      t.organizationId,
      t.analysisType,
      t.inputKey,
      sql`coalesce(${t.parentAnalysisNodeId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('analysis_org_created_idx').on(t.organizationId, t.createdAt),
    index('analysis_input_nodes_idx').using('gin', t.inputNodeIds),
    index('analysis_parent_idx').on(t.parentAnalysisNodeId),
  ],
);

/** One execution of an analysis. Results live in file storage (`resultFileId`); `partialResults` only while running. */
export const analysisRuns = pgTable(
  'analysis_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    analysisNodeId: uuid('analysis_node_id')
      .notNull()
      .references(() => analyses.nodeId, { onDelete: 'cascade' }),
    analysisType: text('analysis_type').notNull(),
    status: text('status').notNull().default('CREATED'),
    progress: integer('progress'),
    message: text('message'),
    /** The run's options (labels, permittivity, known cover): a different set starts a new run. */
    options: jsonb('options').notNull().$type<Record<string, unknown>>().default({}),
    optionsKey: text('options_key').notNull().default(''),
    engineVersion: text('engine_version').notNull(),
    resultFileId: uuid('result_file_id').references(() => files.id, { onDelete: 'set null' }),
    partialResults: jsonb('partial_results').$type<Record<string, unknown>>(),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    startedAt: timestamp('started_at', tz),
    finishedAt: timestamp('finished_at', tz),
  },
  (t) => [
    index('analysis_run_analysis_idx').on(t.analysisNodeId, t.createdAt),
    index('analysis_run_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A unit of work on the queue. `attempt` fences a stale worker: only the current attempt may settle the job. */
export const analysisJobs = pgTable(
  'analysis_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    analysisRunId: uuid('analysis_run_id')
      .notNull()
      .references(() => analysisRuns.id, { onDelete: 'cascade' }),
    analysisNodeId: uuid('analysis_node_id')
      .notNull()
      .references(() => analyses.nodeId, { onDelete: 'cascade' }),
    analysisType: text('analysis_type').notNull(),
    status: text('status').notNull().default('CREATED'),
    progress: integer('progress'),
    message: text('message'),
    engineVersion: text('engine_version').notNull(),
    /** What the worker is given: the input, the run options and where the inputs' files are. */
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    queueJobId: text('queue_job_id'),
    attempt: integer('attempt').notNull().default(0),
    /** Which worker holds the current attempt (host:pid). */
    workerId: text('worker_id'),
    /** An area scan's job: how many lines it was split into (one line job each), and how many are stored. */
    lineCount: integer('line_count'),
    linesDone: integer('lines_done').notNull().default(0),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
    finishedAt: timestamp('finished_at', tz),
  },
  (t) => [
    index('analysis_job_run_idx').on(t.analysisRunId),
    index('analysis_job_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * One line of an area-scan run, detected by its own line job (docs/decisions/0032-area-lines-as-jobs.md): the
 * line's detections as plain JSON (what the combine step pools and links) and its own-permittivity result (the
 * partial result shown while the area runs). Unique per run and line, so a line job that runs twice stores once.
 */
export const analysisAreaLines = pgTable(
  'analysis_area_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    analysisRunId: uuid('analysis_run_id')
      .notNull()
      .references(() => analysisRuns.id, { onDelete: 'cascade' }),
    lineNodeId: uuid('line_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    /** The line's place in the area's line order (what the combine step reads them in). */
    lineIndex: integer('line_index').notNull(),
    detections: jsonb('detections').notNull().$type<Record<string, unknown>>(),
    result: jsonb('result').notNull().$type<Record<string, unknown>>(),
    /** The worker process that detected it (host:pid:id). */
    workerId: text('worker_id').notNull(),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('analysis_area_line_run_line_idx').on(t.analysisRunId, t.lineNodeId)],
);

/** The history of a job (created, started, progress milestones, retried, finished, failed). */
export const analysisJobEvents = pgTable(
  'analysis_job_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => analysisJobs.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  },
  (t) => [index('analysis_job_event_job_idx').on(t.jobId, t.createdAt)],
);

/** A user's correction of an analysis' results: one per analysis, based on one run. */
export const analysisCorrections = pgTable('analysis_correction', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  analysisNodeId: uuid('analysis_node_id')
    .notNull()
    .unique()
    .references(() => analyses.nodeId, { onDelete: 'cascade' }),
  analysisType: text('analysis_type').notNull(),
  basedOnRunId: uuid('based_on_run_id')
    .notNull()
    .references(() => analysisRuns.id, { onDelete: 'cascade' }),
  correctedResults: jsonb('corrected_results').notNull().$type<Record<string, unknown>>(),
  updatedById: text('updated_by_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
});
