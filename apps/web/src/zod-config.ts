import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` unless told not to, probing for eval first; the
// content-security policy forbids eval, so the probe logged a blocked-eval error on every page.
// Imported first by main.tsx, before any schema is used.
z.config({ jitless: true });
