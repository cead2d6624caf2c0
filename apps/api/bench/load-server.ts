/**
 * The app under load for load.bench.ts, in a process of its own (as deployed): the load generator's own work
 * (autocannon turns every response body into a string) must not run on the server's event loop. Sets up a user,
 * an organization, a 1,187-trace scan and 200 folders, listens on PORT and prints `READY <json>` with what the
 * bench needs. With LOAD_CPU_PROF=<dir> (load.bench.ts) it profiles its main thread over each load run alone
 * (not the setup above): one `<run>.cpuprofile` per run, opened in Chrome's DevTools or summarised by a script.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openContext } from '../src/context.js';
import { createFolder, importScanFiles, syntheticDzt } from '../src/test/scans.js';
import type { TestMember } from '../src/test/support.js';

const port = Number(process.env.PORT ?? 3100);
const dataDir = mkdtempSync(join(tmpdir(), 'gprhub-load-'));
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, AUTH_SECRET: 'bench-secret-bench-secret-bench' }),
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
// Responses the server has finished (handed whole to the socket): the CPU per request divides by these, not by
// what autocannon completed (a run ends with up to 50 responses of megabytes half-read by the client).
let served = 0;
app.server.on('request', (_request, response) => response.once('finish', () => served++));
console.log(`READY ${JSON.stringify({ headers, scanId })}`);
// The bench asks for the server's CPU time around each run: CPU per request holds up on a loaded machine, where
// requests per second mostly measure what share of the cores the server was given.
const profileDir = process.env.LOAD_CPU_PROF;
const inspector = profileDir ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
}
process.on('message', (message: string | { profile: 'start' | 'stop'; name: string }) => {
  void (async () => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage(), served });
    else if (typeof message === 'object' && inspector && profileDir) {
      if (message.profile === 'start') await inspector.post('Profiler.start');
      else {
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(join(profileDir, `${message.name}.cpuprofile`), JSON.stringify(profile));
      }
      process.send?.({ profiled: message.profile });
    }
  })();
});
const stop = async () => {
  await app.close();
  await ctx.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
