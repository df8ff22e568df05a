import { newCustomTool } from '@contracts/tool-catalogue.ts';
import { describe, expect, it } from 'vitest';
import { emptyParameter, fromForm, toForm } from './toolForm.ts';

describe('tool form', () => {
  it('turns parameter rows into an OpenAI function definition with the enum comma rule', () => {
    const form = toForm(newCustomTool(1700000000000));
    form.parameters = [
      { ...emptyParameter(), name: ' customer_email ', description: 'Email', required: true },
      { ...emptyParameter(), name: 'tier', enumText: ' gold, ,silver ,, ' },
      { ...emptyParameter(), name: 'count', type: 'number', enumText: 'ignored' },
      { ...emptyParameter(), name: '' },
      { ...emptyParameter(), name: 'tier', type: 'boolean' },
    ];
    form.config = [
      { key: 'currency', value: 'EUR' },
      { key: ' ', value: 'dropped' },
    ];
    const tool = fromForm(form);
    expect(tool.id).toBe('custom_1700000000000');
    expect(tool.function_definition.parameters).toEqual({
      type: 'object',
      properties: {
        customer_email: { type: 'string', description: 'Email' },
        tier: { type: 'string', enum: ['gold', 'silver'] },
        count: { type: 'number' },
      },
      required: ['customer_email'],
    });
    expect(tool.default_config).toEqual({ currency: 'EUR' });
  });

  it('round-trips a stored tool', () => {
    const stored = {
      ...newCustomTool(1),
      function_definition: {
        name: 'x',
        description: 'd',
        parameters: {
          type: 'object' as const,
          properties: { a: { type: 'string' as const, enum: ['p', 'q'] } },
          required: ['a'],
        },
      },
      default_config: { k: 'v' },
    };
    expect(fromForm(toForm(stored))).toEqual(stored);
    expect(toForm(stored).parameters[0]).toMatchObject({ name: 'a', enumText: 'p, q', required: true });
  });

  it('starts a custom tool disabled with the wrench icon', () => {
    expect(newCustomTool(5)).toMatchObject({ id: 'custom_5', enabled: false, icon: 'wrench' });
  });
});
