import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct, type RunningProduct } from '../../../scripts/lib/product.ts';
import { messageText, wireMessages } from '../../fakes/openai/protocol.ts';
import { migratedSnapshot, snapshotsEnabled } from '../../support/migrated-snapshot.ts';
import {
  startFakeOpenAI,
  type ChatRequestBody,
  type FakeChatReply,
  type FakeOpenAI,
} from '../../fakes/openai/server.ts';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AiProduct {
  product: RunningProduct;
  fake: FakeOpenAI;
  stop(): Promise<void>;
}

/** The text of the request's system message (owner-assist tasks are told apart by it). */
export function systemText(request: ChatRequestBody): string {
  const first = wireMessages(request)[0];
  return first && first.role === 'system' ? messageText(first) : '';
}

/**
 * A second product for the files that need a model: the same `startProduct` as `npm start`, with
 * OPENAI_API_KEY/OPENAI_BASE_URL pointing at the loopback fake (the shared e2e product stays in the
 * offline mode a fresh machine has). The test owns the fake, so it scripts the model's answers.
 */
/**
 * `startProduct` exactly as `npm start` runs it (built apps, seeded database) on free ports and a
 * throw-away data dir, removed again by `stop()`. The data dir starts from the migrated snapshot
 * (the database `npm start` would create, without replaying every migration).
 */
export async function startTempProduct(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ product: RunningProduct; stop(): Promise<void> }> {
  const initialData = snapshotsEnabled() ? (await migratedSnapshot(projectDir)).data : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'concierge-e2e-'));
  try {
    const product = await startProduct({
      ...(initialData ? { initialData } : {}),
      projectDir,
      dataDir: path.join(dataDir, 'data'),
      apiPort: 0,
      consolePort: 0,
      sitePort: 0,
      env,
      // One product serves every e2e file; their sign-ins all come from 127.0.0.1.
      authRateLimit: { sign_in_sign_ups: 10_000, token_refresh: 10_000, token_verifications: 10_000 },
    });
    return {
      product,
      async stop() {
        await product.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export async function startAiProduct(
  responder?: (request: ChatRequestBody) => FakeChatReply | null,
): Promise<AiProduct> {
  const fake = await startFakeOpenAI();
  if (responder) {
    fake.setChatResponder((request) => responder(request) ?? { text: 'I can help with that.' });
  }
  let running: Awaited<ReturnType<typeof startTempProduct>>;
  try {
    running = await startTempProduct({ ...process.env, OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL });
  } catch (error) {
    await fake.close();
    throw error;
  }
  return {
    product: running.product,
    fake,
    async stop() {
      await running.stop();
      await fake.close();
    },
  };
}
