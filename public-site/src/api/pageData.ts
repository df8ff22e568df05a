/**
 * What the visitor page reads before it can draw an agent: the runtime config, which agent the URL
 * names, and that agent's public data, each validated. App loads this module on demand, in parallel
 * with the config file request it has already started, so the validation code (zod) is not part of
 * the page's first-load script and costs no extra round trip.
 */
import { readRuntimeConfig, type BuildTimeEnv, type RuntimeConfig } from '../config/runtimeConfig.ts';
import { resolveSiteTarget } from '../host/siteMode.ts';
import { fetchPublicAgent, type PublicAgent } from './publicAgent.ts';

export interface PageData {
  config: RuntimeConfig;
  agent: PublicAgent;
}

/** The page's data, or null when the URL names no agent. */
export async function readPageData(
  configFile: Promise<unknown>,
  env: BuildTimeEnv,
  location: { host: string; pathname: string },
  fetchFn: typeof fetch,
  signal?: AbortSignal,
): Promise<PageData | null> {
  const config = readRuntimeConfig(await configFile, env);
  const target = resolveSiteTarget(location, config.siteDomain);
  if (target.kind === 'none') return null;
  return { config, agent: await fetchPublicAgent(config, target.subdomain, fetchFn, signal) };
}
