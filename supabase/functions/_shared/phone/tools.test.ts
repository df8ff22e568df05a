import { describe, expect, it } from 'vitest';
import type { AgentTool, LoadedAgent } from '../conversation/agents.ts';
import { transferEndsCall } from '../tools/transfer.ts';
import { phoneAgentLoader, withPhoneTools } from './tools.ts';

const transferTool: AgentTool = {
  id: 'transfer_call',
  name: 'Call transfer',
  description: null,
  functionDefinition: { name: 'transfer_call', parameters: { type: 'object', properties: {} } },
  config: {},
};

const agent = {
  id: 'agent-1',
  ownerId: 'owner-1',
  name: 'Clara',
  companyName: null,
  systemPrompt: '',
  defaultLanguage: 'en_US',
  publicChatEnabled: true,
  hasKnowledge: false,
  tools: [{ ...transferTool, id: 'calendar', functionDefinition: { name: 'manage_calendar' } }],
  timeZone: null,
  interactions: [],
  voice: 'female',
  whatsappVoiceReplies: false,
} satisfies LoadedAgent;

describe('phone tools', () => {
  it('offers transfer_call only when the call has a transfer number', () => {
    expect(withPhoneTools(agent, { transferNumber: '+33199000000' }, transferTool).tools.map((t) => t.id)).toEqual([
      'calendar',
      'transfer_call',
    ]);
    expect(withPhoneTools(agent, { transferNumber: null }, transferTool).tools.map((t) => t.id)).toEqual(['calendar']);
    expect(withPhoneTools(agent, { transferNumber: '+33199000000' }, null).tools.map((t) => t.id)).toEqual([
      'calendar',
    ]);
  });

  it("wraps the core's loader without touching the cached agent", async () => {
    const load = phoneAgentLoader(async () => agent, {} as never, { transferNumber: null });
    expect(await load({ agentId: 'agent-1' })).toBe(agent);
  });

  it('a transfer in progress ends the relay session; other outcomes do not', () => {
    expect(transferEndsCall('transfer_call', { ok: true, result: { status: 'transferring' } })).toBe(true);
    expect(transferEndsCall('transfer_call', { ok: true, result: { status: 'unavailable' } })).toBe(false);
    expect(transferEndsCall('transfer_call', { ok: false, error: 'x' })).toBe(false);
    expect(transferEndsCall('manage_calendar', { ok: true, result: { status: 'transferring' } })).toBe(false);
  });
});
