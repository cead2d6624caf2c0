import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Vendor code split by what it is and where it is needed: React and MUI are shared by every page;
 * the data grid (the largest) is only loaded by table pages, which are lazy routes.
 */
const VENDOR_CHUNKS: { name: string; test: RegExp; priority: number }[] = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 50,
  },
  {
    name: 'vendor-mui',
    test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|icons-material|core-downloads-tracker)|@emotion|@popperjs|react-transition-group|stylis|hoist-non-react-statics|react-is|prop-types|clsx|@babel[\\/]runtime)[\\/]/,
    priority: 40,
  },
  {
    name: 'vendor-datagrid',
    test: /node_modules[\\/](@mui[\\/]x-|reselect|use-sync-external-store)/,
    priority: 30,
  },
  {
    name: 'vendor-auth',
    test: /node_modules[\\/](better-auth|@better-auth|@better-fetch|better-call|nanostores|jose|defu)[\\/]/,
    priority: 20,
  },
  {
    name: 'vendor-data',
    // src/zod-config.ts (z.config({ jitless: true })) goes with zod: a chunk is evaluated before the code
    // that imports it, so schemas built at the top of a shared chunk would otherwise meet zod unconfigured,
    // and its eval probe is blocked (and reported) by the content-security policy.
    test: /node_modules[\\/](@tanstack|react-hook-form|@hookform|zod)[\\/]|[\\/]src[\\/]zod-config\.ts$/,
    priority: 20,
  },
];

/** Where the dev and preview servers forward /api (the API's default address unless GPRHUB_API_URL is set). */
const API_TARGET = process.env.GPRHUB_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      // The API and better-auth live on the same origin in production; in dev Vite forwards them.
      '/api': { target: API_TARGET, changeOrigin: false, xfwd: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false, xfwd: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Each group takes only the modules it names; shared dependencies stay where they are used.
        codeSplitting: { includeDependenciesRecursively: false, groups: VENDOR_CHUNKS },
      },
    },
  },
});
