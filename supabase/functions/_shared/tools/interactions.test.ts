import { describe, expect, it } from 'vitest';
import { buildToolDefinitions } from '../conversation/tools.ts';
import {
  interactionsGuidance,
  interactionsTool,
  matchOfflineRequest,
  toAgentInteractions,
  type AgentInteraction,
} from './interactions.ts';

const rows = [
  {
    id: 'u1',
    type: 'share_url',
    name: 'Menu',
    instructions: [
      { id: '1', type: 'keyword', value: 'when asked about food' },
      { id: '2', value: '  ' },
    ],
    config: { url: 'https://bistrot.example/menu', url_title: 'Our menu', send_url_email: true },
  },
  {
    id: 'd1',
    type: 'share_document',
    name: '',
    instructions: [],
    config: {
      file_name: 'tarifs-2026.pdf',
      storage_path: 'owner/agent/interactions/1-tarifs.pdf',
      send_whatsapp: true,
    },
  },
  // Nothing to send yet, no channel, or an unknown type: not offered.
  { id: 'u2', type: 'share_url', name: 'Draft', instructions: [], config: { url: '', send_url_email: true } },
  { id: 'd2', type: 'share_document', name: 'No channel', instructions: [], config: { storage_path: 'x/y' } },
  { id: 'x', type: 'collect_feedback', name: 'Later', instructions: [], config: {} },
];

describe('interactions in the engine', () => {
  const interactions = toAgentInteractions(rows);

  it('keeps only interactions with something to send and a channel', () => {
    expect(interactions.map((interaction) => interaction.id)).toEqual(['u1', 'd1']);
    expect(interactions[0]?.instructions).toEqual(['when asked about food']);
    expect(interactions[1]?.name).toBe('tarifs-2026.pdf');
  });

  it('offers one valid share_resource tool and explains when to use it', () => {
    const tool = interactionsTool(interactions)!;
    const definitions = buildToolDefinitions([tool]);
    expect(definitions.rejected).toEqual([]);
    expect(definitions.functions[0]?.parameters.properties.resource).toEqual({
      type: 'string',
      description: 'Which resource to send',
      enum: ['share_url', 'share_document'],
    });
    const guidance = interactionsGuidance(interactions);
    expect(guidance).toContain(
      '"share_url": "Menu", a link "Our menu", sent by email. When to offer it: when asked about food.',
    );
    expect(guidance).toContain('the document "tarifs-2026.pdf", sent by WhatsApp');
    expect(interactionsTool([])).toBeNull();
    expect(interactionsGuidance([])).toBe('');
  });

  it('matches an offline request only with an email and a word of the resource', () => {
    const byEmail: AgentInteraction[] = interactions.map((interaction) => ({ ...interaction, email: true }));
    expect(matchOfflineRequest(byEmail, 'Send the menu to ana@example.com.')).toEqual({
      interaction: byEmail[0],
      email: 'ana@example.com',
    });
    expect(matchOfflineRequest(byEmail, 'Les tarifs svp: ana@example.com')?.interaction.id).toBe('d1');
    expect(matchOfflineRequest(byEmail, 'Send the menu please')).toBeNull();
    expect(matchOfflineRequest(byEmail, 'ana@example.com is my address')).toBeNull();
    // WhatsApp-only resources are not sent by email.
    expect(matchOfflineRequest(interactions, 'Les tarifs svp: ana@example.com')).toBeNull();
  });
});
