/**
 * What is wrong with an agent's field, before the request (the database's limits, @contracts/field-limits.ts)
 * and after it (a refusal the database names by constraint), as one message per field, shown under
 * the field. Free of React so it is unit-tested.
 */
import { AppError } from '../../errors/appError.ts';
import { AGENT_LIMITS, charLength, type AgentLimitField } from '@contracts/field-limits.ts';
import { subdomainProblem } from '@contracts/subdomain.ts';
import type { ConsoleKey } from '../../i18n/keys.ts';

export type AgentField = AgentLimitField | 'subdomain';

export type FieldProblem =
  | { reason: 'required' }
  | { reason: 'tooLong'; max: number }
  | { reason: 'tooShort' | 'invalidEdges' | 'reserved' | 'taken' | 'invalid' };

export type FieldErrors = Partial<Record<AgentField, FieldProblem>>;

/** The length problem of a text field, or null. The name is required; the others may be empty. */
export function textProblem(field: AgentLimitField, value: string): FieldProblem | null {
  if (field === 'name' && value.trim() === '') return { reason: 'required' };
  const length = charLength(field === 'name' ? value.trim() : value);
  return length > AGENT_LIMITS[field] ? { reason: 'tooLong', max: AGENT_LIMITS[field] } : null;
}

/**
 * What the contract's subdomain rule says of a typed value, without asking the database (empty: no
 * problem yet). Typing keeps the value to a-z, 0-9 and hyphens of at most 63 characters, so a
 * longer or otherwise invalid value only comes from elsewhere and reads as invalid.
 */
export function subdomainShapeProblem(subdomain: string): 'tooShort' | 'invalidEdges' | 'reserved' | 'invalid' | null {
  if (subdomain === '') return null;
  const problem = subdomainProblem(subdomain);
  return problem === 'tooLong' || problem === 'invalidCharacters' ? 'invalid' : problem;
}

/** Problems of the given text fields, by field. */
export function textProblems(values: Partial<Record<AgentLimitField, string>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(values) as [AgentLimitField, string | undefined][]) {
    const problem = value === undefined ? null : textProblem(field, value);
    if (problem) errors[field] = problem;
  }
  return errors;
}

// Constraint names Postgres gives the agents table's checks, and the trigger-raised ones.
const constraintFields: Record<string, AgentField> = {
  agents_name_check: 'name',
  agents_company_name_check: 'companyName',
  agents_description_check: 'prompt',
  agents_address_check: 'address',
  agents_phone_check: 'phone',
  agents_email_check: 'email',
  agents_website_check: 'website',
  agents_subdomain_check: 'subdomain',
  agents_subdomain_key: 'subdomain',
};

/**
 * The field a database refusal of an agent write is about, with its problem, or null when the
 * refusal names no field (the caller then shows its generic failure).
 */
export function refusedField(error: unknown): { field: AgentField; problem: FieldProblem } | null {
  if (!(error instanceof AppError) || error.source !== 'database') return null;
  const constraint = error.params.constraint ?? '';
  if (error.code === '23505' && (constraint === 'agents_subdomain_key' || /subdomain/i.test(error.message)))
    return { field: 'subdomain', problem: { reason: 'taken' } };
  if (error.code === '23514' && /subdomain .* is reserved/i.test(error.message))
    return { field: 'subdomain', problem: { reason: 'reserved' } };
  const field = constraintFields[constraint];
  if (error.code !== '23514' || !field) return null;
  if (field === 'subdomain') return { field, problem: { reason: 'invalid' } };
  if (field === 'name') return { field, problem: { reason: 'tooLong', max: AGENT_LIMITS.name } };
  return { field, problem: { reason: 'tooLong', max: AGENT_LIMITS[field] } };
}

/** The i18n key and values of a field's message (agents namespace). */
export function problemMessage(problem: FieldProblem): { key: ConsoleKey; values: Record<string, number> } {
  return problem.reason === 'tooLong'
    ? { key: 'agents:fields.tooLong', values: { max: problem.max } }
    : { key: `agents:fields.${problem.reason}`, values: {} };
}
