import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InteractionsAutosave, type AutosaveStatus } from './autosave.ts';
import { newInteraction, type Interaction, type InteractionsDiff } from './model.ts';

let saves: { diff: InteractionsDiff; list: Interaction[] }[];
let statuses: AutosaveStatus[];
let fail: boolean;

function controller() {
  return new InteractionsAutosave({
    save: async (diff, list) => {
      await Promise.resolve();
      if (fail) throw new Error('boom');
      saves.push({ diff, list });
    },
    onStatus: (status) => statuses.push(status),
  });
}

const makeId = (() => {
  let n = 0;
  return () => `id-${++n}`;
})();

beforeEach(() => {
  vi.useFakeTimers();
  saves = [];
  statuses = [];
  fail = false;
});
afterEach(() => vi.useRealTimers());

describe('interactions autosave', () => {
  it('never saves on load', async () => {
    const autosave = controller();
    autosave.load([newInteraction('share_url', makeId, 0)]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(saves).toEqual([]);
  });

  it('saves once, 1000 ms after the last edit', async () => {
    const autosave = controller();
    const a = newInteraction('share_url', makeId, 0);
    autosave.load([]);
    autosave.edit([a]);
    await vi.advanceTimersByTimeAsync(600);
    const renamed = { ...a, name: 'Menu' };
    autosave.edit([renamed]);
    await vi.advanceTimersByTimeAsync(999);
    expect(saves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toHaveLength(1);
    expect(saves[0]?.diff).toEqual({ inserts: [renamed], updates: [], deletes: [] });
    expect(statuses.at(-1)).toBe('saved');
  });

  it('does not save when the edits return to the saved list', async () => {
    const autosave = controller();
    const a = newInteraction('share_url', makeId, 0);
    autosave.load([a]);
    autosave.edit([{ ...a, enabled: false }]);
    autosave.edit([{ ...a }]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(saves).toEqual([]);
    expect(autosave.hasUnsaved()).toBe(false);
  });

  it('diffs against the last saved list, and holds invalid lists back', async () => {
    const autosave = controller();
    const a = newInteraction('share_url', makeId, 0) as Extract<Interaction, { type: 'share_url' }>;
    autosave.load([a]);
    const noChannel = { ...a, config: { ...a.config, send_url_email: false } };
    autosave.edit([noChannel]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saves).toEqual([]);
    expect(statuses.at(-1)).toBe('invalid');
    autosave.edit([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saves.map((s) => s.diff)).toEqual([{ inserts: [], updates: [], deletes: [a.id] }]);
  });

  it('reports a failed save and keeps the change unsaved', async () => {
    fail = true;
    const autosave = controller();
    autosave.load([]);
    autosave.edit([newInteraction('share_document', makeId, 0)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(statuses.at(-1)).toBe('error');
    expect(autosave.hasUnsaved()).toBe(true);
  });
});
