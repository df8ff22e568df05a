import { describe, expect, it } from 'vitest';
import { toAppError } from '../../errors/appError.ts';
import { problemMessage, refusedField, subdomainShapeProblem, textProblem } from './fieldErrors.ts';

const refusal = (code: string, message: string) =>
  toAppError({ code, message, details: null, hint: null }, 'createAgent');

describe('agent field errors', () => {
  it('the name is required and at most 100 characters; other texts may be empty', () => {
    expect(textProblem('name', '  ')).toEqual({ reason: 'required' });
    expect(textProblem('name', 'x'.repeat(101))).toEqual({ reason: 'tooLong', max: 100 });
    expect(textProblem('companyName', '')).toBeNull();
    expect(textProblem('phone', '0'.repeat(41))).toEqual({ reason: 'tooLong', max: 40 });
  });

  it('a subdomain shape problem is known without asking the database', () => {
    expect(subdomainShapeProblem('ab')).toBe('tooShort');
    expect(subdomainShapeProblem('-ab')).toBe('invalidEdges');
    expect(subdomainShapeProblem('login')).toBe('reserved');
    expect(subdomainShapeProblem('my-shop')).toBeNull();
  });

  it.each([
    [
      '23514',
      'new row for relation "agents" violates check constraint "agents_company_name_check"',
      'companyName',
      'tooLong',
    ],
    [
      '23514',
      'new row for relation "agents" violates check constraint "agents_description_check"',
      'prompt',
      'tooLong',
    ],
    [
      '23514',
      'new row for relation "agents" violates check constraint "agents_subdomain_check"',
      'subdomain',
      'invalid',
    ],
    ['23514', 'The subdomain "admin" is reserved', 'subdomain', 'reserved'],
    ['23505', 'duplicate key value violates unique constraint "agents_subdomain_key"', 'subdomain', 'taken'],
    ['23505', 'The subdomain "old-name" is already taken', 'subdomain', 'taken'],
  ])('a server refusal %s (%s) becomes the %s field message', (code, message, field, reason) => {
    expect(refusedField(refusal(code, message))).toMatchObject({ field, problem: { reason } });
  });

  it('a refusal naming no agent field stays a generic failure', () => {
    expect(refusedField(refusal('23514', 'violates check constraint "agents_branding_check"'))).toBeNull();
    expect(refusedField(refusal('42501', 'permission denied'))).toBeNull();
    expect(refusedField(new Error('boom'))).toBeNull();
  });

  it('messages are keys of the agents namespace', () => {
    expect(problemMessage({ reason: 'tooLong', max: 40 })).toEqual({
      key: 'agents:fields.tooLong',
      values: { max: 40 },
    });
    expect(problemMessage({ reason: 'invalidEdges' }).key).toBe('agents:fields.invalidEdges');
  });
});
