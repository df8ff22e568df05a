/**
 * `npm run bench:offline`: how often the offline mode (no model key) answers questions its files
 * answer, and refuses the ones they do not. The three fixture files (FAQ text, CSV price list,
 * DOCX policy, each in English and French) go through the real ingestion pipeline (extract,
 * chunk, hashed embeddings) into a local stack; every question is a real agent-chat turn
 * (retrieval in Postgres, then the offline provider). Prints the answer rate (budget ≥ 90 %) and
 * the refusal rate on unanswerable questions (budget 100 %), each question that missed, and exits
 * 1 when a figure is under budget. Everything stays on 127.0.0.1; every loop is bounded.
 */
import { readFileSync } from 'node:fs';
import { OfflineProvider, offlinePhrase } from '../../supabase/functions/_shared/ai/offline-provider.ts';
import { ingestKnowledgeFile } from '../../supabase/functions/_shared/knowledge/ingest.ts';
import { foldText } from '../../supabase/functions/_shared/text/lexical.ts';
import { vectorLiteral } from '../../supabase/functions/_shared/conversation/knowledge.ts';
import { chat, createAgent, createOwner, eventOf, newVisitorId } from '../integration/agent-chat/support.ts';
import { startTestStack } from '../integration/support/stack.ts';
import { ANSWERABLE, UNANSWERABLE } from './offline-questions.ts';

const FILES = ['faq.txt', 'prices.csv', 'policy.docx'] as const;
const ANSWER_BUDGET = 0.9;
const REFUSAL_BUDGET = 1;

const stack = await startTestStack({ functionEnv: { AI_PROVIDER: 'offline' } });
let failed: boolean;
try {
  const owner = await createOwner(stack, 'offline-bench');
  // English default: the French questions must be recognised as French by the turn itself.
  const agent = await createAgent(stack, owner);
  const service = stack.serviceClient();
  for (const name of FILES) {
    const bytes = new Uint8Array(readFileSync(new URL(`./fixtures/offline/${name}`, import.meta.url)));
    const ingested = await ingestKnowledgeFile(
      { fileName: name, bytes },
      { provider: new OfflineProvider(), embeddingModel: 'text-embedding-3-small' },
    );
    const { data, error } = await service
      .from('knowledge_documents')
      .insert({
        agent_id: agent.id,
        user_id: owner.id,
        name,
        type: ingested.format,
        status: 'uploaded',
        size_bytes: bytes.length,
        chunk_count: ingested.chunks.length,
      })
      .select('id')
      .single<{ id: string }>();
    if (error || !data) throw new Error(`document ${name}: ${error?.message}`);
    const inserted = await service.from('knowledge_chunks').insert(
      ingested.chunks.map((chunk) => ({
        document_id: data.id,
        agent_id: agent.id,
        user_id: owner.id,
        chunk_index: chunk.index,
        content: chunk.content,
        embedding: vectorLiteral(chunk.embedding),
      })),
    );
    if (inserted.error) throw new Error(`chunks ${name}: ${inserted.error.message}`);
    console.log(`ingested ${name}: ${ingested.chunks.length} chunk(s)`);
  }

  let visitors = 0;
  const ask = async (question: string) => {
    // One visitor (and address) per question: the per-address conversation limit is not measured here.
    visitors++;
    const turn = await chat(
      stack,
      { subdomain: agent.subdomain, message: question },
      { visitorId: newVisitorId(), address: `198.51.100.${visitors}` },
    );
    const meta = eventOf(turn, 'meta');
    return { text: turn.text.trim(), citations: meta.data.citations, offline: meta.data.offline };
  };
  const contains = (text: string, expected: string) => foldText(text).includes(foldText(expected));

  let answered = 0;
  for (const item of ANSWERABLE) {
    const reply = await ask(item.question);
    const ok = reply.offline && item.expect.some((expected) => contains(reply.text, expected));
    if (ok) answered++;
    else console.log(`  MISSED [${item.language}] ${item.question}\n         got: ${reply.text}`);
  }
  let refused = 0;
  for (const item of UNANSWERABLE) {
    const reply = await ask(item.question);
    const refusal = [offlinePhrase('en', 'noAnswer'), offlinePhrase('fr', 'noAnswer')];
    const ok = refusal.includes(reply.text) && reply.citations.length === 0;
    if (ok) refused++;
    else
      console.log(
        `  NOT REFUSED [${item.language}] ${item.question}\n         got: ${reply.text} (${reply.citations.length} source(s))`,
      );
  }
  const answerRate = answered / ANSWERABLE.length;
  const refusalRate = refused / UNANSWERABLE.length;
  const pct = (rate: number) => `${(rate * 100).toFixed(1)} %`;
  console.log(
    `answer rate: ${pct(answerRate)} (${answered}/${ANSWERABLE.length}, budget ≥ ${pct(ANSWER_BUDGET)}) ${answerRate >= ANSWER_BUDGET ? 'PASS' : 'UNDER'}`,
  );
  console.log(
    `refusal rate on unanswerable questions: ${pct(refusalRate)} (${refused}/${UNANSWERABLE.length}, budget ${pct(REFUSAL_BUDGET)}) ${refusalRate >= REFUSAL_BUDGET ? 'PASS' : 'UNDER'}`,
  );
  failed = answerRate < ANSWER_BUDGET || refusalRate < REFUSAL_BUDGET;
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
