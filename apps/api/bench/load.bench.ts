/**
 * Load through real HTTP on loopback (autocannon, bounded runs of LOAD_S seconds, 50 connections): the signal
 * of a 1,187-trace scan, the hub's listing, and one hub user's latency while the signal is under load.
 * Targets (issue 12): signal ≥ 200 req/s with p99 ≤ 500 ms; listing ≥ 500 req/s with p99 ≤ 100 ms; a hub
 * user's p99 under the signal load ≤ 50 ms. PORT (default 3100) is where the app listens for the run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannonModule from 'autocannon';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openContext } from '../src/context.js';
import { createFolder, importScanFiles, syntheticDzt } from '../src/test/scans.js';
import type { TestMember } from '../src/test/support.js';

interface LoadResult {
  requests: { average: number };
  latency: { p99: number; p50: number };
  non2xx: number;
  errors: number;
}
const autocannon = autocannonModule as unknown as (options: Record<string, unknown>) => Promise<LoadResult>;

const SECONDS = Number(process.env.LOAD_S ?? 10);
const CONNECTIONS = 50;
const port = Number(process.env.PORT ?? 3100);

const dataDir = mkdtempSync(join(tmpdir(), 'gprhub-load-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'bench-secret-bench-secret-bench' }),
  jobs: { inProcessWorker: false, threads: 1, timeoutS: 60, heartbeatS: 10 },
};
const ctx = await openContext(config, { inMemory: true });
const app = await buildApp(ctx);
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up/email',
  payload: { email: 'load@example.com', password: 'load password 1', name: 'L' },
});
const token = signUp.headers['set-auth-token'] as string;
const org = (
  await app.inject({
    method: 'POST',
    url: '/api/auth/organization/create',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Load', slug: 'load' },
  })
).json() as { id: string; slug: string; name: string };
const headers = { authorization: `Bearer ${token}`, 'x-organization': org.slug };
const member = { headers, organization: org } as unknown as TestMember;
const folderId = await createFolder(app, member);
const imported = await importScanFiles(app, member, folderId, [
  { name: 'L001.dzt', bytes: syntheticDzt({ traces: 1187 }).bytes },
]);
const scanId = imported.gprScans[0]!.node.nodeId;
for (let i = 0; i < 200; i++) await createFolder(app, member, `Zone ${i}`);
await app.listen({ host: '127.0.0.1', port });
const once = async (url: string, h: Record<string, string>) => {
  const started = performance.now();
  const res = await fetch(url, { headers: h });
  const bytes = (await res.arrayBuffer()).byteLength;
  console.log(
    `one request (first: cold cache): ${res.status}, ${bytes} bytes, ${(performance.now() - started).toFixed(0)} ms  ${url.slice(base.length, base.length + 40)}`,
  );
};
const base = `http://127.0.0.1:${port}`;

const signal = {
  url: `${base}/api/gpr-scans/${scanId}/signal`,
  headers: { ...headers, accept: 'application/octet-stream', 'accept-encoding': 'gzip, br' },
};
const q = encodeURIComponent(
  JSON.stringify({ filter: { parentId: null }, limit: 50, sort: { field: 'name', direction: 'asc' } }),
);
const listing = { url: `${base}/api/nodes/query?q=${q}`, headers };

const run = (target: { url: string; headers: Record<string, string> }, connections: number) =>
  autocannon({ ...target, connections, duration: SECONDS });
const line = (label: string, r: LoadResult, target: string) =>
  console.log(
    `${label.padEnd(32)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  non-2xx ${r.non2xx}  errors ${r.errors}   target ${target}`,
  );

await once(signal.url, signal.headers);
await once(signal.url, signal.headers);
await once(listing.url, listing.headers);
console.log(`${CONNECTIONS} connections, ${SECONDS} s per run, loopback port ${port}`);
line('signal (binary, compressed)', await run(signal, CONNECTIONS), '≥ 200 req/s, p99 ≤ 500 ms');
line('hub listing', await run(listing, CONNECTIONS), '≥ 500 req/s, p99 ≤ 100 ms');
const [, user] = await Promise.all([run(signal, CONNECTIONS), run(listing, 1)]);
line('hub user under signal load', user, 'p99 ≤ 50 ms');
await app.close();
await ctx.close();
process.exit(0);
