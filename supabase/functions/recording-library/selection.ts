/**
 * Turns what staff picked (some calls, the call-history filter, everything of some agents) into the
 * caller's own recorded calls, read AS the caller: RLS and an explicit `user_id` match decide, so an
 * id of someone else's call is simply not found. Filters go through `call_history`, the SQL the
 * console's history page uses, so "the current filter" means exactly what the page shows.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { LIBRARY_MANIFEST_MAX, type CallRef } from '../_shared/contracts/recording-library.ts';
import type { CallKind } from '../_shared/contracts/history.ts';
import type { librarySelectionSchema } from '../_shared/contracts/recording-library.ts';
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
/** Pages of call_history read per request at most (recordings are sparse among old calls). */
const MAX_PAGES = 20;

function fromHistory(row: HistoryRow): RecordedCall | null {
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
  };
}

export interface Picked {
  calls: RecordedCall[];
  /** Picked ids with no recording, or not the caller's. */
  skipped: string[];
  truncated: boolean;
}

async function walkHistory(
  asCaller: SupabaseClient,
  args: Record<string, unknown>,
  exclude: Set<string>,
  into: RecordedCall[],
): Promise<boolean> {
  let cursor: { before_at: string; before_id: string } | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { data, error } = await asCaller.rpc('call_history', { ...args, ...cursor, page_size: HISTORY_PAGE });
    if (error) throw new Error(`call_history failed: ${error.message}`);
    const rows = (data ?? []) as HistoryRow[];
    for (const row of rows) {
      const call = exclude.has(row.id) ? null : fromHistory(row);
      if (!call) continue;
      if (into.length >= LIBRARY_MANIFEST_MAX) return true;
      into.push(call);
    }
    const tail = rows[rows.length - 1];
    if (rows.length < HISTORY_PAGE || !tail) return false;
    cursor = { before_at: tail.started_at, before_id: tail.id };
  }
  return true;
}

async function pickedCalls(asCaller: SupabaseClient, userId: string, refs: CallRef[]): Promise<Picked> {
  const gsmIds = refs.filter((r) => r.kind === 'gsm').map((r) => r.id);
  const voiceIds = refs.filter((r) => r.kind === 'voice').map((r) => r.id);
  const found: RecordedCall[] = [];
  if (gsmIds.length) {
    const { data, error } = await asCaller
      .from('calls')
      .select('id, assigned_agent, from_number, "timestamp", duration, recording_path, conversation_id')
      .eq('user_id', userId)
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
      });
    }
  }
  if (voiceIds.length) {
    const { data, error } = await asCaller
      .from('voice_calls')
      .select('id, agent_id, agent_name, created_at, duration, storage_path, mime_type, conversation_id')
      .eq('user_id', userId)
      .in('id', voiceIds);
    if (error) throw new Error(`reading voice calls failed: ${error.message}`);
    for (const v of data ?? []) {
      if (!v.storage_path) continue;
      found.push({
        kind: 'voice',
        id: v.id,
        agentId: v.agent_id,
        agentName: v.agent_name,
        callerNumber: null,
        startedAt: v.created_at,
        duration: v.duration,
        path: v.storage_path,
        mime: v.mime_type,
        conversationId: v.conversation_id,
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
  return { calls: found, skipped: refs.map((r) => r.id).filter((id) => !foundIds.has(id)), truncated: false };
}

export async function resolveSelection(
  asCaller: SupabaseClient,
  userId: string,
  selection: z.output<typeof librarySelectionSchema>,
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
  let truncated = false;
  if (selection.mode === 'filter') {
    truncated = await walkHistory(
      asCaller,
      {
        ...(selection.agentId ? { agent: selection.agentId } : {}),
        ...(selection.search.trim() ? { search: selection.search } : {}),
        ...(selection.since ? { since: selection.since } : {}),
        ...(selection.until ? { until: selection.until } : {}),
      },
      exclude,
      calls,
    );
  } else {
    for (const agent of new Set(selection.agentIds)) {
      truncated =
        (await walkHistory(
          asCaller,
          { agent, ...(selection.since ? { since: selection.since } : {}) },
          exclude,
          calls,
        )) || truncated;
      if (truncated) break;
    }
  }
  return { calls, skipped: [], truncated };
}
