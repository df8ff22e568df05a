import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The owner-assist request bodies and answer parsing, against the function's documented contract. */
const invoke = vi.fn();
vi.mock('../../../lib/supabase.ts', () => ({ getSupabase: () => ({ functions: { invoke } }) }));

const { draftBrief, extractBrief, generatePrompt, modifyPrompt } = await import('./ownerAssist.ts');

beforeEach(() => invoke.mockReset());

describe('owner-assist calls', () => {
  it('extracts a brief and tolerates missing fields', async () => {
    invoke.mockResolvedValue({
      data: { result: { companyName: 'Le Fournil', email: 'a@b.example' }, offline: true, model: 'offline-template' },
      error: null,
    });
    const answer = await extractBrief('Company: Le Fournil');
    expect(invoke).toHaveBeenCalledWith('owner-assist', {
      body: { task: 'extract_brief', brief: 'Company: Le Fournil' },
    });
    expect(answer).toEqual({ offline: true, result: { companyName: 'Le Fournil', email: 'a@b.example' } });
  });

  it('drafts without empty optional fields and generates a prompt with the sub-sector', async () => {
    invoke.mockResolvedValue({ data: { result: { brief: 'B' }, offline: false }, error: null });
    await draftBrief({ companyName: ' ', sector: 'Retail', notes: '', language: 'fr' });
    expect(invoke).toHaveBeenLastCalledWith('owner-assist', {
      body: { task: 'draft_brief', language: 'fr', sector: 'Retail' },
    });
    invoke.mockResolvedValue({ data: { result: { prompt: 'You are X.' }, offline: false }, error: null });
    const answer = await generatePrompt({
      subSectorId: 'restaurant',
      agentName: 'X',
      companyName: '',
      brief: 'b',
      tools: ['calendar'],
      language: 'en',
    });
    expect(invoke).toHaveBeenLastCalledWith('owner-assist', {
      body: {
        task: 'generate_prompt',
        agentName: 'X',
        brief: 'b',
        tools: ['calendar'],
        language: 'en',
        subSectorId: 'restaurant',
      },
    });
    expect(answer.result.prompt).toBe('You are X.');
  });

  it('rejects on a function error and on an answer of the wrong shape', async () => {
    invoke.mockResolvedValue({
      data: null,
      error: Object.assign(new Error('Edge Function returned a non-2xx status code'), { name: 'FunctionsHttpError' }),
    });
    await expect(modifyPrompt('p', 'shorter')).rejects.toMatchObject({ source: 'function' });
    invoke.mockResolvedValue({ data: { result: { prompt: 42 }, offline: false }, error: null });
    await expect(
      generatePrompt({ subSectorId: '', agentName: 'X', companyName: '', brief: 'b', tools: [], language: 'en' }),
    ).rejects.toThrow();
  });
});
