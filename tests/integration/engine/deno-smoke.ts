/**
 * Run by deno-compat.test.ts under Deno with supabase/functions/deno.json: proves the shared AI,
 * engine and knowledge modules load and work in the edge runtime's engine (npm: specifiers, no
 * Node globals, no __proto__). Prints one JSON line of results.
 */
import { createAiProvider } from '../../../supabase/functions/_shared/ai/index.ts';
import {
  detectLanguage,
  parseAgentChatEvents,
  parseAgentChatInput,
  sseBody,
  type AgentChatEvent,
} from '../../../supabase/functions/_shared/conversation/index.ts';
import { chunkText, extractKnowledgeText } from '../../../supabase/functions/_shared/knowledge/index.ts';

interface DenoLike {
  env: { get(name: string): string | undefined };
}
const deno = (globalThis as unknown as { Deno?: DenoLike }).Deno;
if (!deno) throw new Error('run me with Deno');

const read = async (name: string) =>
  new Uint8Array(await (await fetch(new URL(`./fixtures/${name}`, import.meta.url))).arrayBuffer());

const offline = createAiProvider({});
const offlineAnswer = await offline.completeChat({
  model: 'x',
  messages: [{ role: 'user', content: 'When are you closed?' }],
  grounding: {
    language: 'en',
    passages: [{ documentId: 'd', name: 'n', text: 'We open at 7am. We are closed on Sundays.' }],
  },
});

async function* turn(): AsyncGenerator<AgentChatEvent> {
  yield { event: 'delta', data: { text: 'hé' } };
}
const sse: AgentChatEvent[] = [];
for await (const event of parseAgentChatEvents(sseBody(turn()))) sse.push(event);

const fakeUrl = deno.env.get('FAKE_OPENAI_URL');
let openaiText: string | null = null;
let embeddingLength: number | null = null;
if (fakeUrl) {
  const openai = createAiProvider({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fakeUrl, AI_PROVIDER: 'openai' });
  openaiText = (await openai.completeChat({ model: 'm', messages: [{ role: 'user', content: 'hello from deno' }] }))
    .text;
  embeddingLength =
    (await openai.embed({ model: 'text-embedding-3-small', inputs: ['a b c'] })).vectors[0]?.length ?? null;
}

console.log(
  JSON.stringify({
    offlineAnswer: offlineAnswer.text,
    offline: offlineAnswer.metadata.offline,
    language: detectLanguage('Bonjour, quels sont vos horaires ?').language,
    input: parseAgentChatInput({ subdomain: 'shop', message: ' hi ' }),
    sse,
    pdf: (await extractKnowledgeText('pdf', await read('sample.pdf'))).text.split('\n')[1],
    docx: (await extractKnowledgeText('docx', await read('sample.docx'))).text.split('\n')[1],
    csv: (await extractKnowledgeText('csv', await read('sample.csv'))).text.split('\n')[0],
    chunks: chunkText('One. Two. Three.').length,
    openaiText,
    embeddingLength,
  }),
);
