import { describe, expect, it } from 'vitest';
import { toAppError } from '../errors/appError.ts';
import { isEditConflict, leavesEditor } from './unsavedChanges.ts';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('unsaved changes', () => {
  it('asks only when there are edits and the navigation leaves the page', () => {
    expect(leavesEditor(true, at('/agents/1/branding'), at('/agents'))).toBe(true);
    expect(leavesEditor(true, at('/agents/1/branding'), at('/agents/1/branding', '?tab=seo'))).toBe(true);
    expect(leavesEditor(true, at('/agents/1/branding'), at('/agents/1/branding'))).toBe(false);
    expect(leavesEditor(false, at('/agents/1/branding'), at('/agents'))).toBe(false);
  });

  it("recognises the database's edit conflict, raw or as an AppError, and nothing else", () => {
    const raw = { code: 'PT409', message: 'changed elsewhere', details: '{}', hint: 'agent_edit_conflict' };
    expect(isEditConflict(raw)).toBe(true);
    expect(isEditConflict(toAppError(raw, 'updateAgent'))).toBe(true);
    expect(isEditConflict({ code: '23514', message: 'check', details: null, hint: null })).toBe(false);
    expect(isEditConflict(new Error('offline'))).toBe(false);
    expect(isEditConflict(null)).toBe(false);
  });
});

describe('edit base after an own write', () => {
  it('moves on with our own avatar upload, but not over someone else’s change', async () => {
    const { afterOwnWrite } = await import('./useEditBase.ts');
    expect(afterOwnWrite({ version: 4, name: 'a' }, { version: 5 })).toEqual({ version: 5, name: 'a' });
    expect(afterOwnWrite({ version: 4, name: 'a' }, { version: 7 })).toEqual({ version: 4, name: 'a' });
  });
});
