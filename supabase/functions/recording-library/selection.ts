/**
 * Turns what staff picked (some calls, the call-history filter, everything of some agents) into the
 * caller's own recorded calls, read AS the caller: RLS and an explicit `user_id` match decide, so an
 * id of someone else's call is simply not found. Filters go through `call_history`, the SQL the
 * console's history page uses, so "the current filter" means exactly what the page shows.
 */
import type { DbClient } from '../_shared/platform/env.ts';
import {
  LIBRARY_MANIFEST_MAX,
  type CallRef,
  type LibraryCursor,
  type librarySelectionSchema,
} from '../_shared/contracts/recording-library.ts';
import type { CallKind } from '../_shared/contracts/history.ts';
import type { z } from 'zod';

export interface RecordedCall {
  kind: CallKind;
  id: string;
  agentId: string | null;
  agentName: string | null;
  callerNumber: string | null;
  startedAt: string;
  duration: number;
  path: string;
  mime: string | null;
  conversationId: string | null;
  /** Where a walk continues once this call is served (null for picked calls). */
  position: LibraryCursor | null;
}

interface HistoryRow {
  kind: CallKind;
  id: string;
  agent_id: string | null;
  agent_name: string | null;
  from_number: string | null;
  started_at: string;
  duration: number;
  recording_path: string | null;
  recording_mime: string | null;
  conversation_id: string | null;
}

const HISTORY_PAGE = 100;
/** Pages of call_history read per request at most, across agents. */
const MAX_PAGES = 20;

function fromHistory(row: HistoryRow, walkedAgent: string | null): RecordedCall | null {
  if (!row.recording_path) return null;
  return {
    kind: row.kind,
    id: row.id,
    agentId: row.agent_id,
    agentName: row.agent_name,
    callerNumber: row.from_number,
    startedAt: row.started_at,
    duration: row.duration,
    path: row.recording_path,
    mime: row.recording_mime,
    conversationId: row.conversation_id,
    position: { beforeAt: row.started_at, beforeId: row.id, agentId: walkedAgent },
  };
}

export interface Picked {
  /** In the walk's order (newest first for 'filter' and 'agents'). */
  calls: RecordedCall[];
  /** Picked ids with no recording, or not the caller's. */
  skipped: string[];
  truncated: boolean;
  /** Where to continue once every call above is served; null when the walk is complete. */
  next: LibraryCursor | null;
}

/** call_history pages one request may read in all (recordings are sparse among old calls). */
interface PageBudget {
  left: number;
}

/**
 * Reads call_history newest first from `start`, keeping recorded calls, until the manifest is full
 * or the page budget is spent. Returns where to continue (null: this walk is complete), so a long
 * run of unrecorded calls is crossed over several requests instead of answered again and again.
 */
async function walkHistory(
  asCaller: DbClient,
  args: Record<string, unknown>,
  walkedAgent: string | null,
  start: LibraryCursor | null,
  budget: PageBudget,
  exclude: Set<string>,
  into: RecordedCall[],
): Promise<LibraryCursor | null> {
  let at: LibraryCursor = start ?? { beforeAt: null, beforeId: null, agentId: walkedAgent };
  while (budget.left > 0) {
    budget.left -= 1;
    const keyset = at.beforeAt && at.beforeId ? { before_at: at.beforeAt, before_id: at.beforeId } : {};
    const { data, error } = await asCaller.rpc('call_history', { ...args, ...keyset, page_size: HISTORY_PAGE });
    if (error) throw new Error(`call_history failed: ${error.message}`);
    const rows = (data ?? []) as HistoryRow[];
    for (const row of rows) {
      const call = exclude.has(row.id) ? null : fromHistory(row, walkedAgent);
      if (!call) continue;
      into.push(call);
      if (into.length >= LIBRARY_MANIFEST_MAX) return call.position;
    }
    const tail = rows[rows.length - 1];
    if (rows.length < HISTORY_PAGE || !tail) return null;
    at = { beforeAt: tail.started_at, beforeId: tail.id, agentId: walkedAgent };
  }
  return at;
}

async function pickedCalls(asCaller: DbClient, userId: string, refs: CallRef[]): Promise<Picked> {
  const gsmIds = refs.filter((r) => r.kind === 'gsm').map((r) => r.id);
  const voiceIds = refs.filter((r) => r.kind === 'voice').map((r) => r.id);
  const found: RecordedCall[] = [];
  if (gsmIds.length) {
    const { data, error } = await asCaller
      .from('calls')
      .select('id, assigned_agent, from_number, "timestamp", duration, recording_path, conversation_id')
      .eq('user_id', userId)
      .eq('kind', 'phone')
      .in('id', gsmIds);
    if (error) throw new Error(`reading calls failed: ${error.message}`);
    for (const c of data ?? []) {
      if (!c.recording_path) continue;
      found.push({
        kind: 'gsm',
        id: c.id,
        agentId: c.assigned_agent,
        agentName: null,
        callerNumber: c.from_number,
        startedAt: c.timestamp,
        duration: c.duration,
        path: c.recording_path,
        mime: null,
        conversationId: c.conversation_id,
        position: null,
      });
    }
  }
  if (voiceIds.length) {
    const { data, error } = await asCaller
      .from('calls')
      .select('id, assigned_agent, agent_name, "timestamp", duration, recording_path, mime_type, conversation_id')
      .eq('user_id', userId)
      .eq('kind', 'browser_voice')
      .in('id', voiceIds);
    if (error) throw new Error(`reading voice calls failed: ${error.message}`);
    for (const v of data ?? []) {
      if (!v.recording_path) continue;
      found.push({
        kind: 'voice',
        id: v.id,
        agentId: v.assigned_agent,
        agentName: v.agent_name,
        callerNumber: null,
        startedAt: v.timestamp,
        duration: v.duration,
        path: v.recording_path,
        mime: v.mime_type,
        conversationId: v.conversation_id,
        position: null,
      });
    }
  }
  const agentIds = [...new Set(found.map((c) => c.agentId).filter((id): id is string => id !== null))];
  if (agentIds.length) {
    const { data, error } = await asCaller.from('agents').select('id, name').in('id', agentIds);
    if (error) throw new Error(`reading agents failed: ${error.message}`);
    const names = new Map((data ?? []).map((a) => [a.id, a.name]));
    for (const call of found) if (call.agentId) call.agentName = names.get(call.agentId) ?? call.agentName;
  }
  const foundIds = new Set(found.map((c) => c.id));
  return {
    calls: found,
    skipped: refs.map((r) => r.id).filter((id) => !foundIds.has(id)),
    truncated: false,
    next: null,
  };
}

export async function resolveSelection(
  asCaller: DbClient,
  userId: string,
  selection: z.output<typeof librarySelectionSchema>,
  cursor: LibraryCursor | null,
  exclude: Set<string>,
): Promise<Picked> {
  if (selection.mode === 'calls') {
    return pickedCalls(
      asCaller,
      userId,
      selection.calls.filter((c) => !exclude.has(c.id)),
    );
  }
  const calls: RecordedCall[] = [];
  const budget: PageBudget = { left: MAX_PAGES };
  if (selection.mode === 'filter') {
    const next = await walkHistory(
      asCaller,
      {
        ...(selection.agentId ? { agent: selection.agentId } : {}),
        ...(selection.search.trim() ? { search: selection.search } : {}),
        ...(selection.since ? { since: selection.since } : {}),
        ...(selection.until ? { until: selection.until } : {}),
      },
      null,
      cursor,
      budget,
      exclude,
      calls,
    );
    return { calls, skipped: [], truncated: next !== null, next };
  }
  // One agent after the other, in the order given; a cursor names the agent it stopped in.
  const agents = [...new Set(selection.agentIds)];
  const resumeAt = cursor?.agentId ? agents.indexOf(cursor.agentId) : -1;
  for (let i = Math.max(resumeAt, 0); i < agents.length; i++) {
    const agent = agents[i]!;
    if (budget.left === 0) {
      return { calls, skipped: [], truncated: true, next: { beforeAt: null, beforeId: null, agentId: agent } };
    }
    const args = { agent, ...(selection.since ? { since: selection.since } : {}) };
    const next = await walkHistory(asCaller, args, agent, i === resumeAt ? cursor : null, budget, exclude, calls);
    if (next) return { calls, skipped: [], truncated: true, next };
  }
  return { calls, skipped: [], truncated: false, next: null };
}
