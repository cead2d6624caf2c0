/**
 * Load through real HTTP on loopback (autocannon, bounded runs of LOAD_S seconds, 50 connections): the signal
 * of a 1,187-trace scan, the hub's listing, and one hub user's latency while the signal is under load.
 * Targets (issue 12): signal ≥ 200 req/s with p99 ≤ 500 ms; listing ≥ 500 req/s with p99 ≤ 100 ms; a hub
 * user's p99 under the signal load ≤ 50 ms. PORT (default 3100) is where the app (load-server.ts, a process of its
 * own) listens for the run; AUTH_CACHE_S=0 measures without the credential cache; LOAD_CPU_PROF=<dir> profiles it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';

interface LoadResult {
  requests: { average: number; total: number };
  latency: { p99: number; p50: number };
  non2xx: number;
  errors: number;
}
interface ClientResult extends LoadResult {
  /** Responses with all the bytes their content-length announced, and those cut short (the run's end). */
  whole: number;
  short: number;
  bodyBytesPerResponse: number;
  clientCpuMs: number;
}

const SECONDS = Number(process.env.LOAD_S ?? 10);
const CONNECTIONS = 50;
const port = Number(process.env.PORT ?? 3100);
const repoRoot = new URL('../../../', import.meta.url).pathname;

// The server runs in its own process (load-server.ts), as deployed: autocannon's own work (it turns every body
// into a string) then does not run on the server's event loop. LOAD_CPU_PROF=<dir> profiles the server over
// each run (one <run>.cpuprofile each).
const profileDir = process.env.LOAD_CPU_PROF;
if (profileDir) mkdirSync(profileDir, { recursive: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/bench/load-server.ts'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
});
/** The server's CPU time so far (user + system, ms) and the responses it has finished. */
const serverCpu = () =>
  new Promise<{ ms: number; served: number }>((resolve) => {
    server.once('message', (m: { cpu: NodeJS.CpuUsage; served: number }) =>
      resolve({ ms: (m.cpu.user + m.cpu.system) / 1000, served: m.served }),
    );
    server.send('cpu');
  });
const { headers, scanId } = await new Promise<{ headers: Record<string, string>; scanId: string }>(
  (resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (d) => {
      out += d;
      const ready = /READY (.*)\n/.exec(out);
      if (ready) resolve(JSON.parse(ready[1]!));
    });
    server.on('exit', (code) => reject(new Error(`load server exited (${code})`)));
  },
);
const once = async (url: string, h: Record<string, string>) => {
  const started = performance.now();
  const res = await fetch(url, { headers: h });
  const bytes = (await res.arrayBuffer()).byteLength;
  console.log(
    `one request (first: cold cache): ${res.status}, ${bytes} bytes (${res.headers.get('content-length') ?? '?'} on the wire, ${res.headers.get('content-encoding') ?? 'identity'}), ${(performance.now() - started).toFixed(0)} ms  ${url.slice(base.length + 13, base.length + 80)}`,
  );
};
const base = `http://127.0.0.1:${port}`;

// What the web viewer asks for: the byte-shuffled binary (layout=shuffled), compressed; and the plain layout.
const signal = {
  url: `${base}/api/gpr-scans/${scanId}/signal?layout=shuffled`,
  headers: { ...headers, accept: 'application/octet-stream', 'accept-encoding': 'gzip, br' },
};
const signalPlain = { ...signal, url: `${base}/api/gpr-scans/${scanId}/signal` };
const q = encodeURIComponent(
  JSON.stringify({ filter: { parentId: null }, limit: 50, sort: { field: 'name', direction: 'asc' } }),
);
const listing = { url: `${base}/api/nodes/query?q=${q}`, headers };

/** Start or stop the server's profile of a run (LOAD_CPU_PROF); answers once the server has done it. */
const profiling = (profile: 'start' | 'stop', name: string) =>
  profileDir
    ? new Promise<void>((resolve) => {
        server.once('message', () => resolve());
        server.send({ profile, name });
      })
    : Promise.resolve();
/** One autocannon run in a process of its own (load-client.ts), with the server's CPU time per finished response. */
const client = (
  target: { url: string; headers: Record<string, string> },
  connections: number,
  duration = SECONDS,
) =>
  new Promise<ClientResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/bench/load-client.ts',
        JSON.stringify({ ...target, connections, duration }),
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const result = /RESULT (.*)\n/.exec(out);
      if (result) resolve(JSON.parse(result[1]!));
      else reject(new Error(`load client exited (${code})`));
    });
  });
const run = async (
  target: { url: string; headers: Record<string, string> },
  connections: number,
  name?: string,
) => {
  if (name) await profiling('start', name);
  const before = await serverCpu();
  const result = await client(target, connections);
  const after = await serverCpu();
  if (name) await profiling('stop', name);
  return { ...result, cpuMsPerRequest: (after.ms - before.ms) / Math.max(1, after.served - before.served) };
};
const line = (
  label: string,
  r: ClientResult & { cpuMsPerRequest?: number },
  target: string,
) =>
  console.log(
    `${label.padEnd(30)} ${r.requests.average.toFixed(0).padStart(5)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  non-2xx ${r.non2xx}  errors ${r.errors}  target ${target}\n` +
      `${''.padEnd(32)}${r.whole} whole responses of ${r.bodyBytesPerResponse.toFixed(0)} body bytes, ${r.short} cut short; ` +
      (r.cpuMsPerRequest === undefined ? '' : `server CPU ${r.cpuMsPerRequest.toFixed(1)} ms/req, `) +
      `client CPU ${(r.clientCpuMs / Math.max(1, r.requests.total)).toFixed(1)} ms/req`,
  );

const [load1] = (await import('node:os')).loadavg();
await once(signal.url, signal.headers);
await once(signal.url, signal.headers);
await once(signalPlain.url, signalPlain.headers);
await once(listing.url, listing.headers);
console.log(
  `${CONNECTIONS} connections, ${SECONDS} s per run, loopback port ${port}; load average ${load1!.toFixed(1)} on ${(await import('node:os')).cpus().length} cores (other processes share them: req/s falls with it, CPU ms/req much less)`,
);
line('signal (shuffled, compressed)', await run(signal, CONNECTIONS, 'signal'), '≥ 200 req/s, p99 ≤ 500 ms');
line('signal (plain layout, compr.)', await run(signalPlain, CONNECTIONS), '(layout 1, for comparison)');
line('hub listing', await run(listing, CONNECTIONS, 'listing'), '≥ 500 req/s, p99 ≤ 100 ms');
// The signal's load and the hub user in two client processes: the user's latency is then the server's, not that of
// an event loop shared with 50 connections' worth of signal bytes. The user starts once the signal load runs.
const signalLoad = client(signal, CONNECTIONS, SECONDS + 3);
await new Promise((r) => setTimeout(r, 1500));
const user = await client(listing, 1);
line('hub user under signal load', user, 'p99 ≤ 50 ms');
line('  (the signal load meanwhile)', await signalLoad, '');
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
process.exit(0);
