import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORGANIZATION_HEADER } from '@gprhub/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
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
 * PGlite started from the migrated snapshot. Local storage in a temporary folder.
 */
export async function getTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gprhub-api-'));
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'test-secret-test-secret-test-secret', AUTH_RATE_LIMIT: '100000' }),
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    ...overrides,
  };
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
