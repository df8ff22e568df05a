import { makeHandler } from './handler.ts';

Deno.serve(makeHandler(Deno.env));
