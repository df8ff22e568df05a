// `npm start` (built apps) and `npm run dev` (hot reload): the whole product on this machine.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_LOGINS } from './lib/demo-logins.ts';
import { writeEnvFile } from './lib/env-file.ts';
import { startProduct } from './lib/product.ts';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const verbose = process.argv.includes('--verbose') || process.env.CONCIERGE_VERBOSE === '1';

const started = Date.now();
console.log(dev ? 'Starting Concierge (dev, hot reload)...' : 'Starting Concierge...');

let product: Awaited<ReturnType<typeof startProduct>>;
try {
  product = await startProduct({
    projectDir,
    dev,
    log: (m) => {
      if (verbose || /^(building|migrations|seed|error)/.test(m)) console.log(`  ${m}`);
    },
  });
} catch (error) {
  console.error(`\nConcierge could not start:\n  ${(error as Error).message}`);
  process.exit(1);
}

const { stack, consoleUrl, publicSiteUrl } = product;
const envFile = path.join(projectDir, '.concierge', 'env');
await writeEnvFile(envFile, {
  SUPABASE_URL: stack.url,
  SUPABASE_ANON_KEY: stack.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
  INBOX_URL: stack.inboxUrl,
  INBOX_PAGE_URL: stack.inboxPageUrl,
  CONSOLE_URL: consoleUrl,
  PUBLIC_SITE_URL: publicSiteUrl,
  ...DEMO_LOGINS,
});

const demoSite = publicSiteUrl.replace('{agent}', 'demo');
console.log(`
Concierge is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

  Console        ${consoleUrl}
  Public site    ${publicSiteUrl}   (demo agent: ${demoSite})
  API            ${stack.url}   (Supabase-compatible: /rest/v1 /auth/v1 /storage/v1 /functions/v1 /realtime/v1)
  Inbox          ${stack.inboxPageUrl}
                 (every email the product sends lands here; the key is this data folder's own)
  Data           ${stack.config.dataDir ?? 'in memory'}

  Demo owner     ${DEMO_LOGINS.DEMO_OWNER_EMAIL} / ${DEMO_LOGINS.DEMO_OWNER_PASSWORD}
  Demo admin     ${DEMO_LOGINS.DEMO_ADMIN_EMAIL} / ${DEMO_LOGINS.DEMO_ADMIN_PASSWORD}

  AI             ${process.env.OPENAI_API_KEY ? 'OpenAI (OPENAI_API_KEY set)' : 'offline mode: no OPENAI_API_KEY, agents answer from their knowledge only'}
  Keys and URLs are in ${path.relative(projectDir, envFile)}. Press Ctrl+C to stop.
`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping Concierge...`);
  const timer = setTimeout(() => {
    console.error('Forced exit after 10 s.');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await product.stop();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
