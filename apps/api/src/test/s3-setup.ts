import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The S3-compatible server the `api-s3` project's tests store files in ('' in the other projects). */
    s3Endpoint: string;
  }
}

/**
 * The `api-s3` project: a real S3-compatible server (s3rver, from npm, pure JavaScript) on loopback for the
 * whole run, its objects in a temporary folder. Each test app creates a bucket of its own in it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = mkdtempSync(join(tmpdir(), 'gprhub-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { address, port } = await server.run();
  project.provide('s3Endpoint', `http://${address}:${port}`);
  return async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
}
