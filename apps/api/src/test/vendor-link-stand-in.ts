/**
 * Test support: a stand-in for the vendor's cloud on loopback. An HTTPS server with a certificate signed by a
 * certificate authority generated for the run (`openssl`), which only the app under test is told to trust
 * (GPR_VENDOR_CA_FILE); nothing disables TLS checks. Used by the API tests and the browser tests.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A path the stand-in answers, and how. */
export type StandInRoute =
  | { kind: 'file'; bytes: Uint8Array; fileName?: string; isChunked?: boolean }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export interface VendorStandIn {
  /** `127.0.0.1:port`: the value of GPR_VENDOR_HOST. */
  host: string;
  /** `https://127.0.0.1:port`. */
  origin: string;
  /** The PEM file of the run's certificate authority: the value of GPR_VENDOR_CA_FILE. */
  caFile: string;
  /** The CA's PEM text. */
  caPem: string;
  /** Paths requested so far, in order. */
  requests: string[];
  /** Add or replace the answer for a path. */
  route: (path: string, answer: StandInRoute) => void;
  /** Called as each request arrives, before it is answered (tests look at the app's state then). */
  onRequest?: (path: string) => void;
  /** A share link whose `d` is `path` on the stand-in. */
  linkTo: (path: string) => string;
  close: () => Promise<void>;
}

/** Generate a CA and a server certificate for 127.0.0.1 and localhost into `dir`. */
function generateCertificates(dir: string): { caPem: string; keyPem: string; certPem: string } {
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=GPR Hub test CA',
  ]);
  run(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(
    join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  run([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  ]);
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return { caPem: read('ca.pem'), keyPem: read('server.key'), certPem: read('server.pem') };
}

/** Whether the `openssl` command is available (the stand-in needs it). */
export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Start the stand-in on a free loopback port. */
export async function startVendorStandIn(): Promise<VendorStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'gprhub-vendor-'));
  const { caPem, keyPem, certPem } = generateCertificates(dir);
  const routes = new Map<string, StandInRoute>();
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(path);
    standIn.onRequest?.(path);
    const route = routes.get(path);
    if (!route) return void res.writeHead(404).end('not found');
    if (route.kind === 'status') return void res.writeHead(route.status).end();
    if (route.kind === 'redirect')
      return void res.writeHead(route.status ?? 302, { location: route.location }).end();
    if (route.kind === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/zip' };
    if (route.fileName) headers['content-disposition'] = `attachment; filename="${route.fileName}"`;
    if (!route.isChunked) headers['content-length'] = String(route.bytes.length);
    res.writeHead(200, headers);
    res.end(Buffer.from(route.bytes));
  };

  const server = createServer({ key: keyPem, cert: certPem }, answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  const standIn: VendorStandIn = {
    host: `127.0.0.1:${port}`,
    origin,
    caFile: join(dir, 'ca.pem'),
    caPem,
    requests,
    route: (path, route) => void routes.set(path, route),
    linkTo: (path) =>
      `${origin}/share?k=${encodeURIComponent('test-key')}&d=${encodeURIComponent(`${origin}${path}`)}`,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return standIn;
}
