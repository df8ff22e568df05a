import type { HttpService, StackContext } from '../core/contracts.ts';
import { handleRestRequest } from './handler.ts';
import { IdentityResolver } from './identity.ts';
import { SchemaStore } from './schema-store.ts';

/**
 * `/rest/v1`: a PostgREST v14 emulator over the stack's PGlite. The server strips
 * the prefix, answers CORS preflights and enforces body limits; this service does the rest.
 */
export async function createRestService(ctx: StackContext): Promise<HttpService> {
  const store = new SchemaStore(ctx);
  await store.load();
  // The stack turns the bootstrap's DDL event trigger (NOTIFY pgrst) into onSchemaChange calls.
  ctx.onSchemaChange(() => store.requestReload());
  const deps = { ctx, store, identities: new IdentityResolver(ctx.config) };
  return { handle: (request) => handleRestRequest(deps, request) };
}
