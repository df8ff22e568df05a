import { describe, expect, it } from 'vitest';
import { buildToolDefinitions, parseToolArguments, serializeToolResult, type CatalogueTool } from './tools.ts';

const calendar: CatalogueTool = {
  id: 'calendar',
  name: 'Calendar',
  description: 'Manage appointments',
  functionDefinition: {
    name: 'manage_calendar',
    description: 'Create, check, update or cancel appointments',
    parameters: {
      properties: {
        action: { type: 'string', description: 'What to do', enum: ['create_appointment', 'check_availability'] },
        date: { type: 'string', description: 'YYYY-MM-DD' },
        duration: { type: 'number', enum: ['30'] },
        attendees: { type: 'array' },
      },
      required: ['action', 'ghost'],
    },
  },
};

describe('buildToolDefinitions', () => {
  it('turns a catalogue row into an OpenAI function definition', () => {
    const { functions, byFunctionName, rejected } = buildToolDefinitions([calendar]);
    expect(rejected).toEqual([]);
    expect(functions).toEqual([
      {
        name: 'manage_calendar',
        description: 'Create, check, update or cancel appointments',
        parameters: {
          type: 'object',
          properties: {
            action: { type: 'string', description: 'What to do', enum: ['create_appointment', 'check_availability'] },
            date: { type: 'string', description: 'YYYY-MM-DD' },
            // enum dropped: enums are allowed on strings only
            duration: { type: 'number' },
            // OpenAI rejects arrays without items
            attendees: { type: 'array', items: { type: 'string' } },
          },
          // `ghost` is not a property, so it cannot be required
          required: ['action'],
        },
      },
    ]);
    expect(byFunctionName.get('manage_calendar')?.id).toBe('calendar');
  });

  it('rejects rows with unusable definitions and duplicate function names, keeping the rest', () => {
    const { functions, rejected } = buildToolDefinitions([
      calendar,
      { ...calendar, id: 'calendar_copy' },
      { id: 'bad_name', name: 'Bad', description: null, functionDefinition: { name: 'has spaces' } },
      { id: 'no_def', name: 'None', description: null, functionDefinition: null },
      {
        id: 'bad_type',
        name: 'T',
        description: null,
        functionDefinition: { name: 't', parameters: { properties: { x: { type: 'date' } } } },
      },
      { id: 'get_time', name: 'Time', description: 'Current time', functionDefinition: { name: 'get_time' } },
    ]);
    expect(functions.map((fn) => fn.name)).toEqual(['manage_calendar', 'get_time']);
    expect(functions[1]).toEqual({
      name: 'get_time',
      description: 'Current time',
      parameters: { type: 'object', properties: {} },
    });
    expect(rejected.map((entry) => entry.id)).toEqual(['calendar_copy', 'bad_name', 'no_def', 'bad_type']);
    expect(rejected[0]?.reason).toContain('already used');
  });
});

describe('parseToolArguments', () => {
  const fn = buildToolDefinitions([calendar]).functions[0];
  it('parses an object and checks required arguments', () => {
    expect(
      parseToolArguments({ id: 'c', name: 'manage_calendar', arguments: '{"action":"check_availability"}' }, fn),
    ).toEqual({
      ok: true,
      value: { action: 'check_availability' },
    });
    expect(parseToolArguments({ id: 'c', name: 'manage_calendar', arguments: '{"date":"2026-01-01"}' }, fn)).toEqual({
      ok: false,
      reason: 'missing required argument(s): action',
    });
    expect(parseToolArguments({ id: 'c', name: 'x', arguments: '' })).toEqual({ ok: true, value: {} });
  });

  it('refuses invalid JSON and non-objects', () => {
    expect(parseToolArguments({ id: 'c', name: 'x', arguments: '{"a":' })).toMatchObject({ ok: false });
    expect(parseToolArguments({ id: 'c', name: 'x', arguments: '[1]' })).toMatchObject({ ok: false });
  });
});

describe('serializeToolResult', () => {
  it('serialises and caps results', () => {
    expect(serializeToolResult({ ok: 1 })).toBe('{"ok":1}');
    expect(serializeToolResult(undefined)).toBe('null');
    expect(serializeToolResult('x'.repeat(20), 10)).toBe('xxxxxxxxxx…(truncated)');
  });
});
