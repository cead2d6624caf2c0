import { defineConfig } from 'vitest/config';

// Four projects: pure units (fast, no database), API tests (real PGlite or PostgreSQL through
// Fastify inject), the storage-heavy API tests again on S3, and browser tests (playwright-core driving Debian's Chromium against a built app).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/{contract,gpr,scan3d}/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/cli/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The storage-heavy API tests again, with STORAGE_DRIVER=s3 against a real S3-compatible server
        // (s3rver, started on loopback by test/s3-setup.ts; each test app gets a bucket of its own).
        test: {
          name: 'api-s3',
          include: [
            'apps/api/src/modules/files/*.test.ts',
            'apps/api/src/modules/gpr-scans/gpr-scan-import.test.ts',
            'apps/api/src/modules/gpr-scans/gpr-scan-files-import.test.ts',
            'apps/api/src/storage/*.test.ts',
            // App and worker processes sharing PostgreSQL and S3 (skipped without TEST_DATABASE_URL).
            'apps/api/src/jobs/worker-failover.test.ts',
          ],
          globalSetup: ['apps/api/src/test/global-setup.ts', 'apps/api/src/test/s3-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // expect.poll waits for the page to reach a state; vitest's default of 1 s is shorter than a
          // server round trip on a loaded 2-core CI machine (Playwright's own expect waits 5 s).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
