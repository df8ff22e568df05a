import { z } from 'zod';

/**
 * Imported first by both apps' main.tsx (the console through the `@conversation` alias), before any
 * module builds a schema: zod probes for eval with `new Function` when an object schema is created,
 * which our CSP refuses and the browser reports as a violation. Its interpreted parser is all we need.
 */
z.config({ jitless: true });
