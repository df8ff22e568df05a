/**
 * owner-assist against the local stack: with the fake OpenAI server (answers, temperatures,
 * metering, failures, rate limit) and with no model configured (template results labelled offline).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ASSIST_LIMITS } from '@contracts/field-limits.ts';
import { readLimitRefusal } from '@contracts/limit-refusal.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { createOwner, startTestStack, type Owner } from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';

interface Answer {
  status: number;
  body: {
    result?: Record<string, unknown>;
    offline?: boolean;
    error?: { code: string; message: string; details?: unknown };
  };
}

async function assist(stack: TestStack, token: string, body: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${stack.url}/functions/v1/owner-assist`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const BRIEF =
  'Le Petit Bistrot de la Butte Montmartre\nRestaurant at 12 rue Lepic, 75018 Paris. Call +33 1 42 00 00 00 or write to bonjour@petitbistrot.fr, www.petitbistrot.fr.';

describe('owner-assist with a model', () => {
  let fake: FakeOpenAI;
  let stack: TestStack;
  let owner: Owner;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    stack = await startTestStack({
      functionEnv: { AI_PROVIDER: 'openai', OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL },
    });
    owner = await createOwner(stack, 'owner');
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
  });

  it('extracts company details with a safe subdomain, at temperature 0.2, and meters the call', async () => {
    fake.queueChat({
      text: '```json\n{"companyName": "Le Petit Bistrot de la Butte Montmartre", "address": "12 rue Lepic, 75018 Paris", "phone": "+33 1 42 00 00 00", "email": "bonjour@petitbistrot.fr", "website": "www.petitbistrot.fr", "suggestedSubdomain": "Le Petit Bistrot de la Butte Montmartre", "suggestedVoice": "Female", "secret": "x"}\n```',
    });
    const { status, body } = await assist(stack, owner.token, { task: 'extract_brief', brief: BRIEF });
    expect(status).toBe(200);
    expect(body.offline).toBe(false);
    expect(body.result).toEqual({
      companyName: 'Le Petit Bistrot de la Butte Montmartre',
      address: '12 rue Lepic, 75018 Paris',
      phone: '+33 1 42 00 00 00',
      email: 'bonjour@petitbistrot.fr',
      website: 'www.petitbistrot.fr',
      suggestedSubdomain: 'le-petit-bistrot-de-la-butte',
      suggestedVoice: 'female',
    });
    expect((body.result!.suggestedSubdomain as string).length).toBeLessThanOrEqual(30);
    expect((fake.requestsTo('chat').at(-1)!.body as { temperature: number }).temperature).toBe(0.2);
    const { data } = await owner.client
      .from('analytics_metrics')
      .select('name, value')
      .eq('name', 'assist.extract_brief');
    expect(data).toHaveLength(1);
    expect(data![0]!.value).toBeGreaterThan(0);
  });

  it('generates a system prompt from the sector template, the brief and the tools at temperature 0.7', async () => {
    const { data: subSector } = await stack
      .serviceClient()
      .from('sub_sectors')
      .select('id, system_prompt')
      .limit(1)
      .single<{ id: string; system_prompt: string }>();
    fake.queueChat({ text: 'You are Clara, the assistant of Le Petit Bistrot.' });
    const { status, body } = await assist(stack, owner.token, {
      task: 'generate_prompt',
      subSectorId: subSector!.id,
      agentName: 'Clara',
      companyName: 'Le Petit Bistrot',
      brief: BRIEF,
      tools: ['calendar', 'email'],
    });
    expect(status).toBe(200);
    expect(body.result).toEqual({ prompt: 'You are Clara, the assistant of Le Petit Bistrot.' });
    const request = fake.requestsTo('chat').at(-1)!.body as { temperature: number; messages: { content: string }[] };
    expect(request.temperature).toBe(0.7);
    const sent = request.messages.map((m) => m.content).join('\n');
    expect(sent).toContain(subSector!.system_prompt.slice(0, 60));
    expect(sent).toContain('Calendar (');
    expect(sent).toContain('12 rue Lepic');
  });

  it('modifies a prompt and confirms the change; drafts and improves briefs', async () => {
    fake.queueChat({
      text: '{"newPrompt": "You are Clara. Always greet in French.", "confirmationMessage": "I added a French greeting."}',
    });
    const modified = await assist(stack, owner.token, {
      task: 'modify_prompt',
      currentPrompt: 'You are Clara.',
      instruction: 'Greet in French',
    });
    expect(modified.body.result).toEqual({
      newPrompt: 'You are Clara. Always greet in French.',
      confirmationMessage: 'I added a French greeting.',
    });
    fake.queueChat({ text: 'A cosy bistrot in Montmartre.' });
    expect(
      (await assist(stack, owner.token, { task: 'draft_brief', companyName: 'Le Petit Bistrot', sector: 'Restaurant' }))
        .body.result,
    ).toEqual({ brief: 'A cosy bistrot in Montmartre.' });
    expect((fake.requestsTo('chat').at(-1)!.body as { temperature: number }).temperature).toBe(0.5);
    fake.queueChat({ text: 'Improved.' });
    expect(
      (await assist(stack, owner.token, { task: 'improve_brief', brief: 'bistrot. open late' })).body.result,
    ).toEqual({ brief: 'Improved.' });
  });

  it('transcribes a recorded message', async () => {
    fake.setTranscript('Book a table for two tonight');
    const audio = `data:audio/webm;base64,${Buffer.from('fake webm audio bytes').toString('base64')}`;
    const { status, body } = await assist(stack, owner.token, { task: 'transcribe', audio, language: 'en' });
    expect(status).toBe(200);
    expect(body.result).toEqual({ text: 'Book a table for two tonight' });
    expect(fake.requestsTo('transcriptions')).toHaveLength(1);
  });

  it('answers “AI assistance failed. Please try again.” and meters nothing when the model fails', async () => {
    fake.failNext(
      'chat',
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
    );
    const { status, body } = await assist(stack, owner.token, { task: 'draft_brief', companyName: 'X' });
    expect(status).toBe(502);
    expect(body.error).toEqual({ code: 'ai_unavailable', message: 'AI assistance failed. Please try again.' });
    const { data } = await owner.client.from('analytics_metrics').select('id').eq('name', 'assist.draft_brief');
    expect(data).toHaveLength(1);
  });

  it('refuses visitors, bad input, and too many requests', async () => {
    expect((await assist(stack, stack.anonKey, { task: 'draft_brief' })).status).toBe(401);
    const unknownTask = await assist(stack, owner.token, { task: 'write_novel' });
    expect(unknownTask.body.error).toEqual({
      code: 'invalid_request',
      message: 'task must be extract_brief, draft_brief, improve_brief, generate_prompt, modify_prompt or transcribe.',
      details: { issues: [expect.objectContaining({ path: 'task' })] },
    });
    expect((await assist(stack, owner.token, { task: 'extract_brief', brief: '' })).status).toBe(400);
    expect((await assist(stack, owner.token, { task: 'transcribe', audio: 'data:image/png;base64,AAAA' })).status).toBe(
      400,
    );
    const busy = await createOwner(stack, 'busy');
    const answers: Answer[] = [];
    for (let i = 0; i < 21; i++) answers.push(await assist(stack, busy.token, { task: 'extract_brief', brief: '' }));
    expect(answers.slice(0, 20).every((a) => a.status === 400)).toBe(true);
    expect(answers[20]?.status).toBe(429);
    // The refusal names the limit (20 at once, then 10 a minute) and when to try again.
    const limit = readLimitRefusal(answers[20]?.body.error?.details);
    expect(limit).toMatchObject({ kind: 'assist_requests', scope: 'owner', max: 20, perMinute: 10 });
    expect(limit?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(answers[20]?.body.error?.message).toMatch(/20 requests at once, then 10 a minute\). Try again in \d+ s\./);
  });

  it('a brief over its limit is refused naming the limit', async () => {
    const writer = await createOwner(stack, 'long-brief');
    const tooLong = await assist(stack, writer.token, {
      task: 'extract_brief',
      brief: 'x'.repeat(OWNER_ASSIST_LIMITS.brief + 1),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.message).toBe(`brief: at most ${OWNER_ASSIST_LIMITS.brief} characters`);
  });
});

describe('owner-assist offline', () => {
  let stack: TestStack;
  let owner: Owner;

  beforeAll(async () => {
    stack = await startTestStack({ functionEnv: { AI_PROVIDER: 'offline' } });
    owner = await createOwner(stack, 'owner');
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('extracts details with patterns and labels the result offline', async () => {
    const { status, body } = await assist(stack, owner.token, { task: 'extract_brief', brief: BRIEF });
    expect(status).toBe(200);
    expect(body.offline).toBe(true);
    expect(body.result).toMatchObject({
      companyName: 'Le Petit Bistrot de la Butte Montmartre',
      email: 'bonjour@petitbistrot.fr',
      website: 'www.petitbistrot.fr',
      suggestedSubdomain: 'le-petit-bistrot-de-la-butte',
    });
    expect(body.result!.address).toMatch(/^12 rue Lepic/);
    expect(body.result!.phone).toContain('+33 1 42');
  });

  it('suggests a subdomain no agent has: the next numbered one when the name is taken', async () => {
    // The seed's demo agent holds 'demo'; another owner's agent takes the first numbered variant.
    const other = await createOwner(stack, 'other-demo');
    const taken = await other.client
      .from('agents')
      .insert({ user_id: other.id, name: 'Demo two', subdomain: 'demo-2' });
    expect(taken.error).toBeNull();
    const { status, body } = await assist(stack, owner.token, { task: 'extract_brief', brief: 'Demo\nA small shop.' });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ companyName: 'Demo', suggestedSubdomain: 'demo-3' });
    const free = await assist(stack, owner.token, { task: 'extract_brief', brief: 'Zorglub Unique Shop' });
    expect(free.body.result).toMatchObject({ suggestedSubdomain: 'zorglub-unique-shop' });
  });

  it('builds prompts and modifications from templates, and refuses transcription', async () => {
    const prompt = await assist(stack, owner.token, {
      task: 'generate_prompt',
      agentName: 'Clara',
      companyName: 'Le Petit Bistrot',
      brief: 'Open daily.',
      tools: ['calendar'],
      language: 'fr',
    });
    expect(prompt.body.offline).toBe(true);
    expect(prompt.body.result!.prompt).toMatch(/^Tu es Clara, l’assistant de Le Petit Bistrot\./);
    // A French prompt lists its tools in French.
    expect(prompt.body.result!.prompt).toContain('Outils disponibles: Agenda (Prendre, vérifier');
    expect(prompt.body.result!.prompt).not.toContain('Calendar');
    const modified = await assist(stack, owner.token, {
      task: 'modify_prompt',
      currentPrompt: 'You are Clara.',
      instruction: 'Be brief.',
    });
    expect(modified.body.result).toEqual({
      newPrompt: 'You are Clara.\n\nAdditional instruction: Be brief.',
      confirmationMessage: 'Offline mode: the instruction was appended to the end of the prompt, without rewriting it.',
    });
    const audio = `data:audio/webm;base64,${Buffer.from('x').toString('base64')}`;
    const transcription = await assist(stack, owner.token, { task: 'transcribe', audio });
    expect(transcription.status).toBe(503);
    expect(transcription.body.error?.code).toBe('transcription_unavailable');
  });
});
