/**
 * Shared set-up for the agent-chat integration tests: a local stack whose functions talk to a fake
 * OpenAI server on loopback, owners signed in through GoTrue, agents and knowledge seeded with the
 * service role, and a small SSE client that collects a turn's events.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { hashedEmbedding } from '../../../supabase/functions/_shared/text/lexical.ts';
import { chunkText } from '../../../supabase/functions/_shared/knowledge/chunk.ts';
import {
  readAgentChatResponse,
  type AgentChatEvent,
} from '../../../supabase/functions/_shared/contracts/conversation-events.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { startProviderFakes, type ProviderFakes } from './provider-fakes.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

export interface Owner {
  id: string;
  token: string;
  client: SupabaseClient;
}

export async function createOwner(stack: TestStack, label: string): Promise<Owner> {
  const service = stack.serviceClient();
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error || !created.data.user) throw new Error(`createUser: ${created.error?.message}`);
  const client = stack.anonClient();
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error || !signedIn.data.session) throw new Error(`signIn: ${signedIn.error?.message}`);
  return { id: created.data.user.id, token: signedIn.data.session.access_token, client };
}

export async function createAgent(
  stack: TestStack,
  owner: Owner,
  fields: { name?: string; subdomain?: string; tools?: string[]; systemPrompt?: string; defaultLanguage?: string } = {},
): Promise<{ id: string; subdomain: string }> {
  const subdomain = fields.subdomain ?? `agent-${randomUUID().slice(0, 8)}`;
  const { data, error } = await stack
    .serviceClient()
    .from('agents')
    .insert({
      user_id: owner.id,
      name: fields.name ?? 'Clara',
      company_name: 'Chez Clara',
      subdomain,
      description: fields.systemPrompt ?? 'You are the assistant of a small restaurant.',
      default_language: fields.defaultLanguage ?? 'en_US',
      tools: (fields.tools ?? []).map((id) => ({ id, name: id, type: 'system', config: {} })),
    })
    .select('id')
    .single<{ id: string }>();
  if (error || !data) throw new Error(`agent: ${error?.message}`);
  return { id: data.id, subdomain };
}

/** A ready knowledge document with chunks embedded the way the fake (and offline) model embeds. */
export async function addKnowledge(
  stack: TestStack,
  owner: Owner,
  agentId: string,
  name: string,
  text: string,
): Promise<string> {
  const service = stack.serviceClient();
  const { data, error } = await service
    .from('knowledge_documents')
    .insert({ agent_id: agentId, user_id: owner.id, name, type: 'txt', status: 'uploaded', size_bytes: text.length })
    .select('id')
    .single<{ id: string }>();
  if (error || !data) throw new Error(`document: ${error?.message}`);
  const chunks = chunkText(text).map((chunk, index) => ({
    document_id: data.id,
    agent_id: agentId,
    user_id: owner.id,
    chunk_index: index,
    content: chunk.content,
    embedding: `[${hashedEmbedding(chunk.content).join(',')}]`,
  }));
  const inserted = await service.from('knowledge_chunks').insert(chunks);
  if (inserted.error) throw new Error(`chunks: ${inserted.error.message}`);
  return data.id;
}

export interface TurnOutcome {
  status: number;
  events: AgentChatEvent[];
  text: string;
  /** Error body when the turn was refused before streaming. */
  error?: { code: string; message: string };
}

export async function chat(
  stack: TestStack,
  body: Record<string, unknown>,
  options: { token?: string; visitorId?: string; address?: string } = {},
): Promise<TurnOutcome> {
  const response = await fetch(`${stack.url}/functions/v1/agent-chat`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${options.token ?? stack.anonKey}`,
      'content-type': 'application/json',
      ...(options.visitorId ? { 'x-visitor-key': options.visitorId } : {}),
      // The client address as the platform's proxy reports it (trusted by the functions).
      ...(options.address ? { 'x-forwarded-for': options.address } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const json = (await response.json()) as { error: { code: string; message: string } };
    return { status: response.status, events: [], text: '', error: json.error };
  }
  const events: AgentChatEvent[] = [];
  for await (const event of readAgentChatResponse(response)) events.push(event);
  const text = events.map((event) => (event.event === 'delta' ? event.data.text : '')).join('');
  return { status: response.status, events, text };
}

export function eventOf<N extends AgentChatEvent['event']>(
  outcome: TurnOutcome,
  name: N,
): Extract<AgentChatEvent, { event: N }> {
  const found = outcome.events.find((event) => event.event === name);
  if (!found) throw new Error(`no ${name} event in ${JSON.stringify(outcome.events)}`);
  return found as Extract<AgentChatEvent, { event: N }>;
}

export const newVisitorId = () => `v_${randomUUID().replace(/-/g, '')}`;

/** A stack whose functions call the fake OpenAI (tool calls) and the loopback provider fakes. */
export interface ProviderChatStack {
  stack: TestStack;
  fake: FakeOpenAI;
  providers: ProviderFakes;
  stop(): Promise<void>;
}

/** Starts it with the email API on the provider fakes, plus `functionEnv` (given the fakes' URL). */
export async function startProviderChatStack(
  functionEnv: (providersUrl: string) => Record<string, string> = () => ({}),
): Promise<ProviderChatStack> {
  const fake = await startFakeOpenAI();
  const providers = await startProviderFakes();
  const stack = await startTestStack({
    functionEnv: {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseURL,
      EMAIL_API_URL: `${providers.url}/emails`,
      ...functionEnv(providers.url),
    },
  });
  return {
    stack,
    fake,
    providers,
    stop: async () => {
      await stack.stop();
      await fake.close();
      await providers.close();
    },
  };
}

/** A public-site visitor: its browser key, its client address and the conversation it is in. */
export interface Visitor {
  visitorId: string;
  address: string;
  conversationId?: string;
}

/** The hashed key the functions derive from a client address (caller.ts clientAddressKey). */
export const addressKey = (address: string) => `ip:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The model asking to email `to` the menu. */
export const sendEmailTool = (to: string): ToolCall => ({
  name: 'send_email',
  arguments: { action: 'send_email', to, subject: 'Our menu', body: 'Here is the menu.' },
});

/**
 * One visitor turn in which the fake model calls `tool`: the visitor keeps the conversation, and
 * a succeeded tool's result is what the follow-up completion received (null otherwise).
 */
export async function turnWithTool(
  chatStack: Pick<ProviderChatStack, 'stack' | 'fake'>,
  agentId: string,
  visitor: Visitor,
  message: string,
  tool: ToolCall,
  options: { token?: string; channel?: string } = {},
): Promise<{ status: string | undefined; result: Record<string, unknown> | null }> {
  const { stack, fake } = chatStack;
  // After a send tool, the model does what the tool result tells it: it asks the visitor to
  // confirm the recipient (a confirmation must answer the agent's own question).
  const recipient = tool.arguments.to ?? tool.arguments.recipient;
  fake.queueChat(
    { toolCalls: [tool] },
    ...(typeof recipient === 'string'
      ? [{ text: `Is ${recipient} your own address, and shall I send it there?` }]
      : []),
  );
  const turn = await chat(
    stack,
    {
      agentId,
      message,
      ...(visitor.conversationId ? { conversationId: visitor.conversationId } : {}),
      ...(options.channel ? { channel: options.channel } : {}),
    },
    { visitorId: visitor.visitorId, address: visitor.address, token: options.token },
  );
  if (turn.status !== 200) throw new Error(`turn refused with ${turn.status}: ${JSON.stringify(turn.error)}`);
  visitor.conversationId = eventOf(turn, 'meta').data.conversationId;
  const status = turn.events.filter((e) => e.event === 'tool').at(-1)?.data.status;
  if (status !== 'succeeded') return { status, result: null };
  const followUp = fake.requestsTo('chat').at(-1)!.body as { messages: { role: string; content: string }[] };
  const result = JSON.parse(followUp.messages.filter((m) => m.role === 'tool').at(-1)!.content) as Record<
    string,
    unknown
  >;
  return { status, result };
}

/** The next Monday–Friday at least two days ahead, YYYY-MM-DD (inside default opening hours). */
export function nextWeekday(): string {
  const date = new Date(Date.now() + 2 * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export { startTestStack };
