import type { TestProject } from 'vitest/node';
import { DEMO_LOGINS } from '../../../scripts/lib/demo-logins.ts';
import { startTempProduct } from './temp-product.ts';

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

/**
 * Starts the whole product once for every end-to-end file, exactly as `npm start` does (built
 * apps, seeded database), on free ports and a throw-away data dir.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { product, stop } = await startTempProduct();
  project.provide('product', {
    consoleUrl: product.consoleUrl,
    publicSiteUrl: product.publicSiteUrl,
    apiUrl: product.stack.url,
    anonKey: product.stack.anonKey,
    serviceRoleKey: product.stack.serviceRoleKey,
    inboxUrl: product.stack.inboxUrl,
    demo: DEMO_LOGINS,
  });
  return stop;
}
