import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { TRACKER_SESSION_TIMEOUT_DEFAULT_S } from '@gprhub/contract';

/** Everything the server reads from its environment. README lists each variable. */
export interface AppConfig {
  host: string;
  port: number;
  /** Address users open, used for auth origins and signed URLs (PUBLIC_URL). */
  publicUrl: string;
  /** Folder of the embedded database, local files and secrets (DATA_DIR). */
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite (DATABASE_URL). */
  databaseUrl?: string;
  /** Secret for sessions and signed URLs (AUTH_SECRET; generated into DATA_DIR when absent). */
  authSecret: string;
  /** Extra origins allowed to call the auth endpoints (TRUSTED_ORIGINS, comma-separated). */
  trustedOrigins: string[];
  /** Cookies marked Secure (COOKIE_SECURE; defaults to true when PUBLIC_URL is https). */
  secureCookies: boolean;
  /** Requests per minute per IP on /api/auth (AUTH_RATE_LIMIT). */
  authRateLimitPerMinute: number;
  /** Folder of the built web app, served at / (WEB_DIST). */
  webDist?: string;
  storage: StorageConfig;
  /** The orphan sweep of file storage (docs/decisions/0020-orphan-sweep.md). */
  storageSweep: {
    /** Seconds between sweeps of a server process, 0 for none after the one at start (STORAGE_SWEEP_INTERVAL_S, default 3600). */
    intervalS: number;
    /** Age in seconds before a pending write or an unreferenced object counts as an orphan (STORAGE_SWEEP_GRACE_S, default 3600). */
    graceS: number;
  };
  logLevel: string;
  /** Memory for served signals (encoded and compressed), bytes (SIGNAL_CACHE_MB). */
  signalCacheBytes: number;
  /** How long a verified credential is remembered, ms (AUTH_CACHE_S; 0: verified on every request). */
  authCacheMs: number;
  /** Analysis jobs: in-process worker, thread count, time limit (see docs/decisions/0003-analyses-and-jobs.md). */
  jobs: {
    /** Run the analysis worker inside the app (ANALYSIS_WORKER=off leaves the queue to `npm run worker`). */
    inProcessWorker: boolean;
    /** Analyses computed at once by one process, each in its own thread (ANALYSIS_THREADS, default cores − 1, min 1). */
    threads: number;
    /** Time limit of one analysis, seconds (ANALYSIS_TIMEOUT_S, default 900). */
    timeoutS: number;
    /** Seconds without a heartbeat after which a job of a dead worker is given to another (ANALYSIS_HEARTBEAT_S, ≥ 10). */
    heartbeatS: number;
  };
  gprImport: GprImportLimits;
  vendorLink: VendorLinkConfig;
  /** 3D trackers' live sessions (decisions 0036, 0037). */
  trackers: TrackerConfig;
}

/** 3D trackers' live sessions (README lists the variables). */
export interface TrackerConfig {
  /** A session not refreshed by its device (open or heartbeat) for this long has ended, ms (TRACKER_SESSION_TIMEOUT_S, default 120). */
  sessionTimeoutMs: number;
  /**
   * Hosts a device's rosUrl may name (TRACKER_ROS_HOSTS, comma-separated): `private` (loopback, private and
   * link-local addresses, localhost, *.local), a name, a `*.` wildcard name, an IP address or a CIDR range,
   * or `*` for any. Default: `private`.
   */
  rosHosts: string[];
}

/** Import from the scanner vendor's share link (README lists the variables; docs/decisions/0007). */
export interface VendorLinkConfig {
  /** The only host (`name` or `name:port`) links and downloads may use (GPR_VENDOR_HOST); null: link import off. */
  host: string | null;
  /** A PEM file of extra certificate authorities trusted for the download (GPR_VENDOR_CA_FILE), besides the system's. */
  caFile: string | null;
  /** Time limit of the whole download, redirects included, ms (GPR_VENDOR_TIMEOUT_S, default 120). */
  timeoutMs: number;
}

/** Limits of the GPR scan import (README lists the variables). */
export interface GprImportLimits {
  /** Largest zip or scan file accepted, and largest total of one import's files, bytes (GPR_IMPORT_MAX_BYTES). */
  maxBytes: number;
  /** Largest total uncompressed size read from one zip, bytes (GPR_ZIP_MAX_UNCOMPRESSED_BYTES). */
  maxZipUncompressedBytes: number;
  /** Most entries one zip may list (GPR_ZIP_MAX_ENTRIES). */
  maxZipEntries: number;
  /** Worker threads that read imports (inflate, parse) off the event loop, at most at once (PARSE_THREADS). */
  parseThreads: number;
  /** Start each imported scan's analyses (rebars, preview) and each area's at import (GPR_IMPORT_START_ANALYSES, default on). */
  startAnalyses: boolean;
}

export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

function readSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** Read the configuration from `env`, applying defaults that work on a fresh machine. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const host = env.HOST || '127.0.0.1';
  const port = intFrom(env.PORT, 3000, 'PORT');
  const dataDir = resolve(cwd, env.DATA_DIR || './data');
  const publicUrl = (env.PUBLIC_URL || `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/$/, '');
  const storageDriver = env.STORAGE_DRIVER || 'local';
  let storage: StorageConfig;
  if (storageDriver === 's3') {
    if (!env.S3_BUCKET) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
    storage = {
      driver: 's3',
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      endpoint: env.S3_ENDPOINT || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    };
  } else if (storageDriver === 'local') {
    storage = { driver: 'local', root: resolve(cwd, env.STORAGE_DIR || join(dataDir, 'files')) };
  } else {
    throw new Error(`STORAGE_DRIVER must be "local" or "s3", got "${storageDriver}"`);
  }
  const hostAliases = new Set([publicUrl, `http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  return {
    host,
    port,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    authSecret: env.AUTH_SECRET || readSecret(dataDir),
    trustedOrigins: [...hostAliases, ...(env.TRUSTED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)],
    secureCookies: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : publicUrl.startsWith('https://'),
    authRateLimitPerMinute: intFrom(env.AUTH_RATE_LIMIT, 60, 'AUTH_RATE_LIMIT'),
    webDist: env.WEB_DIST ? resolve(cwd, env.WEB_DIST) : undefined,
    storage,
    storageSweep: {
      intervalS: intFrom(env.STORAGE_SWEEP_INTERVAL_S, 3600, 'STORAGE_SWEEP_INTERVAL_S'),
      graceS: intFrom(env.STORAGE_SWEEP_GRACE_S, 3600, 'STORAGE_SWEEP_GRACE_S'),
    },
    logLevel: env.LOG_LEVEL || 'warn',
    signalCacheBytes: 1024 * 1024 * intFrom(env.SIGNAL_CACHE_MB, 256, 'SIGNAL_CACHE_MB'),
    authCacheMs: 1000 * intFrom(env.AUTH_CACHE_S, 5, 'AUTH_CACHE_S'),
    jobs: {
      inProcessWorker: env.ANALYSIS_WORKER !== 'off',
      threads: intFrom(env.ANALYSIS_THREADS, Math.max(1, availableParallelism() - 1), 'ANALYSIS_THREADS'),
      timeoutS: intFrom(env.ANALYSIS_TIMEOUT_S, 900, 'ANALYSIS_TIMEOUT_S'),
      heartbeatS: Math.max(10, intFrom(env.ANALYSIS_HEARTBEAT_S, 30, 'ANALYSIS_HEARTBEAT_S')),
    },
    gprImport: {
      maxBytes: intFrom(env.GPR_IMPORT_MAX_BYTES, 512 * 1024 ** 2, 'GPR_IMPORT_MAX_BYTES'),
      maxZipUncompressedBytes: intFrom(env.GPR_ZIP_MAX_UNCOMPRESSED_BYTES, 1024 ** 3, 'GPR_ZIP_MAX_UNCOMPRESSED_BYTES'),
      maxZipEntries: intFrom(env.GPR_ZIP_MAX_ENTRIES, 5000, 'GPR_ZIP_MAX_ENTRIES'),
      parseThreads: Math.max(1, intFrom(env.PARSE_THREADS, Math.max(1, availableParallelism() - 1), 'PARSE_THREADS')),
      startAnalyses: (env.GPR_IMPORT_START_ANALYSES ?? 'on').trim().toLowerCase() !== 'off',
    },
    vendorLink: {
      host: env.GPR_VENDOR_HOST?.trim().toLowerCase() || null,
      caFile: env.GPR_VENDOR_CA_FILE ? resolve(cwd, env.GPR_VENDOR_CA_FILE) : null,
      timeoutMs: 1000 * Math.max(1, intFrom(env.GPR_VENDOR_TIMEOUT_S, 120, 'GPR_VENDOR_TIMEOUT_S')),
    },
    trackers: {
      sessionTimeoutMs: 1000 * Math.max(1, intFrom(env.TRACKER_SESSION_TIMEOUT_S, TRACKER_SESSION_TIMEOUT_DEFAULT_S, 'TRACKER_SESSION_TIMEOUT_S')),
      rosHosts: (env.TRACKER_ROS_HOSTS || 'private').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    },
  };
}
