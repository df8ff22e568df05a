import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startProduct, type RunningProduct } from '../../../scripts/lib/product.ts';
import { DEMO_LOGINS } from '../../../scripts/lib/demo-logins.ts';

export interface ProductUrls {
  consoleUrl: string;
  publicSiteUrl: string;
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  inboxUrl: string;
  demo: typeof DEMO_LOGINS;
}

declare module 'vitest' {
  export interface ProvidedContext {
    product: ProductUrls;
  }
}

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Starts the whole product once for every end-to-end file, exactly as `npm start` does (built
 * apps, seeded database), on free ports and a throw-away data dir.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'concierge-e2e-'));
  let product: RunningProduct;
  try {
    product = await startProduct({
      projectDir,
      dataDir: path.join(dataDir, 'data'),
      apiPort: 0,
      consolePort: 0,
      sitePort: 0,
    });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('product', {
    consoleUrl: product.consoleUrl,
    publicSiteUrl: product.publicSiteUrl,
    apiUrl: product.stack.url,
    anonKey: product.stack.anonKey,
    serviceRoleKey: product.stack.serviceRoleKey,
    inboxUrl: product.stack.inboxUrl,
    demo: DEMO_LOGINS,
  });
  return async () => {
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
