import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backendEntrySource, functionSlugs } from './backend-entry.mjs';

const functionsDir = fileURLToPath(new URL('../../supabase/functions', import.meta.url));

describe('backend bundle entry', () => {
  it('registers every function folder that has a handler.ts, and nothing else', () => {
    const slugs = functionSlugs(functionsDir);
    expect(slugs).toContain('agent-chat');
    expect(slugs).toContain('phone-relay');
    expect(slugs).not.toContain('_shared');
    expect(slugs).toEqual([...slugs].sort());
  });

  it('imports each handler statically and hands the registry to the utility-process runner', () => {
    const source = backendEntrySource(['agent-chat', 'phone-relay']);
    expect(source).toContain(`"agent-chat": () => import("./supabase/functions/agent-chat/handler.ts"),`);
    expect(source).toContain(`"phone-relay": () => import("./supabase/functions/phone-relay/handler.ts"),`);
    expect(source).toContain('runBackendProcess(process.parentPort, functions);');
    expect(path.isAbsolute(functionsDir)).toBe(true);
  });
});
