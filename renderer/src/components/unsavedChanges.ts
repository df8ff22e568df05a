import { AppError } from '../errors/appError.ts';

/** Where a router navigation goes, as react-router's blocker sees it. */
interface Place {
  pathname: string;
  search: string;
}

/**
 * Whether a navigation leaves the editor: another path or query. A hash change (an anchor on the
 * same page) keeps the edits on screen, so it is not asked about.
 */
export function leavesEditor(dirty: boolean, current: Place, next: Place): boolean {
  return dirty && (current.pathname !== next.pathname || current.search !== next.search);
}

/** Postgres refused a save because the agent changed since it was loaded (agents.version, PT409). */
export function isEditConflict(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'PT409' || error.code === 'edit_conflict';
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; hint?: unknown };
  return e.code === 'PT409' || e.hint === 'agent_edit_conflict';
}
