import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORGANIZATION_HEADER } from '@gprhub/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import { loadConfig } from '../config.js';
import type { OpenedContext } from '../context.js';
import { openContext } from '../context.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: OpenedContext;
  close: () => Promise<void>;
}

/**
 * The real app on a real database: PostgreSQL when TEST_DATABASE_URL is set, else an in-memory
 * PGlite started from the migrated snapshot. Local storage in a temporary folder, or in the `api-s3`
 * project a bucket of its own on the run's S3-compatible server (`test/s3-setup.ts`).
 */
export async function getTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gprhub-api-'));
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret',
      AUTH_RATE_LIMIT: '100000',
      // Tests start the analyses they look at themselves (import-analyses.test.ts turns this on).
      GPR_IMPORT_START_ANALYSES: 'off',
    }),
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    ...overrides,
  };
  const s3Endpoint = inject('s3Endpoint');
  if (s3Endpoint && !overrides.storage) config.storage = await createTestBucket(s3Endpoint);
  const snapshot = inject('pgliteSnapshot');
  const ctx = await openContext(config, {
    inMemory: true,
    pgliteSnapshot: snapshot ? new Blob([readFileSync(snapshot)]) : undefined,
  });
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Credentials s3rver accepts (it checks signatures against this fixed pair). */
const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** A new bucket on the test S3 server, and the storage configuration that uses it. */
async function createTestBucket(endpoint: string): Promise<AppConfig['storage']> {
  const bucket = `gprhub-${uniqueSuffix()}`.toLowerCase().slice(0, 63);
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_KEYS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return { driver: 's3', bucket, region: 'us-east-1', endpoint, forcePathStyle: true, ...S3RVER_KEYS };
}

/** Whether this test project stores files in S3 (`api-s3`): for `it.skipIf`, before any app exists. */
export const usesS3 = (): boolean => Boolean(inject('s3Endpoint'));

/** Whether the test app stores files in S3 (the `api-s3` project) rather than on the local disk. */
export const isS3 = (t: TestApp): boolean => t.ctx.config.storage.driver === 's3';

/** A plain HTTP answer, from the app (inject) or from the S3 server (fetch). */
export interface PlainResponse {
  statusCode: number;
  rawPayload: Buffer;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * Send an absolute address the app handed out (an upload or download address) where it points: the app's
 * own storage routes (local driver) through inject, an S3 presigned address over HTTP.
 */
export async function sendToAddress(
  app: FastifyInstance,
  address: string,
  init: { method: 'GET' | 'PUT'; body?: Uint8Array; headers?: Record<string, string> } = { method: 'GET' },
): Promise<PlainResponse> {
  const url = new URL(address);
  if (url.pathname.startsWith('/api/storage/')) {
    const res = await app.inject({
      method: init.method,
      url: url.pathname + url.search,
      headers: init.headers,
      payload: init.body ? Buffer.from(init.body) : undefined,
    });
    return { statusCode: res.statusCode, rawPayload: res.rawPayload, headers: res.headers };
  }
  const res = await fetch(address, { method: init.method, headers: init.headers, body: init.body ? Buffer.from(init.body) : undefined });
  return { statusCode: res.status, rawPayload: Buffer.from(await res.arrayBuffer()), headers: Object.fromEntries(res.headers) };
}

/** PUT a file's bytes to its upload address, as a browser does. */
export const putUpload = (app: FastifyInstance, uploadUrl: string, bytes: Uint8Array) =>
  sendToAddress(app, uploadUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'application/octet-stream' } });

/**
 * Upload each file to its address and confirm the uploads (`has-uploaded`), as the web app does: the local
 * driver confirms at the PUT, S3 uploads when they are confirmed.
 */
export async function uploadAndConfirm(
  app: FastifyInstance,
  headers: Record<string, string>,
  targets: { uploadUrl: string; file: { id: string } }[],
  bodies: Uint8Array[],
): Promise<void> {
  for (const [i, target] of targets.entries()) {
    const put = await putUpload(app, target.uploadUrl, bodies[i]!);
    if (put.statusCode >= 300) throw new Error(`upload failed: ${put.statusCode} ${put.rawPayload.toString()}`);
  }
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/files/has-uploaded',
    headers,
    payload: { fileIds: targets.map((t) => t.file.id) },
  });
  if (confirmed.json().areAllFilesUploaded !== true) throw new Error(`uploads not confirmed: ${confirmed.body}`);
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  cookie: string;
  /** Headers that authenticate as this user (bearer token). */
  auth: Record<string, string>;
}

export interface TestMember extends TestUser {
  organization: { id: string; slug: string; name: string };
  /** Bearer token plus the organization header. */
  headers: Record<string, string>;
}

let counter = 0;
export function uniqueSuffix(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export async function signUp(app: FastifyInstance, data: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}): Promise<TestUser> {
  const email = data.email ?? `user-${uniqueSuffix()}@example.com`;
  const firstName = data.firstName ?? 'Ada';
  const lastName = data.lastName ?? 'Surveyor';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password: data.password ?? 'correct horse battery', name: `${firstName} ${lastName}`, firstName, lastName },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const token = String(res.headers['set-auth-token']);
  return { id: res.json().user.id, email, token, cookie: cookieOf(res), auth: { authorization: `Bearer ${token}` } };
}

export async function createOrganization(app: FastifyInstance, user: TestUser, name = `Org ${uniqueSuffix()}`) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const res = await app.inject({ method: 'POST', url: '/api/auth/organization/create', headers: user.auth, payload: { name, slug } });
  if (res.statusCode !== 200) throw new Error(`organization create failed: ${res.statusCode} ${res.body}`);
  const org = res.json();
  return { id: org.id as string, slug: org.slug as string, name: org.name as string };
}

/** A new user who created (and so owns) a new organization. */
export async function createMember(app: FastifyInstance): Promise<TestMember> {
  const user = await signUp(app);
  const organization = await createOrganization(app, user);
  return { ...user, organization, headers: { ...user.auth, [ORGANIZATION_HEADER]: organization.slug } };
}
