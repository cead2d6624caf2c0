/**
 * One autocannon run for load.bench.ts, in a process of its own: the load generator's work then runs neither
 * on the server's event loop (load-server.ts) nor on the one that measures a hub user's latency while the
 * signal is under load (a run of its own, in another process). Reads the run's options as JSON from argv[2],
 * prints `RESULT <json>` with autocannon's result, this process's CPU time and the bytes of every response.
 *
 * autocannon appends every chunk of a response to a string (`body += chunk`, a UTF-8 decode of each byte) for
 * `verifyBody`/`onResponse`, which this bench does not use: for a 2.2 MB signal that cost the client 64 ms of CPU
 * per response (measured, against 3.4 ms for the server), so the client, not the server, set the pace. Each
 * connection's body string is therefore not built (a `setupClient` hook); the bytes are still read off the socket,
 * parsed as HTTP and counted, and the bench checks that every response brought the whole body.
 */
import autocannonModule from 'autocannon';

interface Options {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
}
interface Client {
  pipelinedRequests: { addBody: (data: Buffer) => void };
  on(event: 'headers', listener: (info: { headers: string[] }) => void): void;
  on(event: 'response', listener: () => void): void;
}

const options = JSON.parse(process.argv[2]!) as Options;
const autocannon = autocannonModule as unknown as (options: Record<string, unknown>) => Promise<{
  requests: { average: number; total: number };
  latency: { p99: number; p50: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
}>;
/** Responses whose body had exactly the bytes their content-length announced, and those that did not. */
let whole = 0;
let short = 0;
let bodyBytes = 0;
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  ...options,
  setupClient: (client: Client) => {
    let expected = -1;
    let received = 0;
    client.on('headers', ({ headers }) => {
      const at = headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'content-length');
      expected = at >= 0 ? Number(headers[at + 1]) : -1;
      received = 0;
    });
    client.pipelinedRequests.addBody = (data) => {
      received += data.length;
    };
    client.on('response', () => {
      if (received === expected) whole++;
      else short++;
      bodyBytes += received;
    });
  },
});
const cpu = process.cpuUsage(cpuBefore);
console.log(
  `RESULT ${JSON.stringify({
    requests: result.requests,
    latency: result.latency,
    non2xx: result.non2xx,
    errors: result.errors,
    bytes: result.throughput.total,
    whole,
    short,
    bodyBytesPerResponse: bodyBytes / Math.max(1, whole + short),
    clientCpuMs: (cpu.user + cpu.system) / 1000,
  })}`,
);
