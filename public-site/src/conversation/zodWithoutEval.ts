import type { $ZodConfig } from 'zod/v4/core';

/**
 * Imported first by both apps' main.tsx (the console through the `@conversation` alias), before any
 * module builds a schema: zod probes for eval with `new Function` when an object schema is created,
 * which our CSP refuses and the browser reports as a violation. Its interpreted parser is all we need.
 *
 * The switch goes into the config object every copy of zod shares on `globalThis` (zod creates it
 * only when it is missing), not through `z.config()`: importing zod here would put its core into the
 * public page's first load, which otherwise loads zod only with the code that validates its data.
 * The test reads the switch back through `z.config()`.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
