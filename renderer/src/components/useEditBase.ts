import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * The server row an editor's changes are made on. While the editor holds no edits it follows the
 * server (a refetch, a write from another screen): nothing is lost by it. Once edited it stays put,
 * so the save names the version the edits were made on and Postgres reports a conflict
 * (agents.version) instead of the save silently winning.
 */
export function useEditBase<T extends { version: number }>(
  server: T,
  isDirty: (base: T) => boolean,
  onAdopt: (next: T) => void,
): [T, Dispatch<SetStateAction<T>>] {
  const [base, setBase] = useState(server);
  // Adjusted during render (React's pattern for state derived from props): `onAdopt` sets the
  // calling editor's own state, which React applies before painting.
  if (server.version > base.version && !isDirty(base)) {
    setBase(server);
    onAdopt(server);
  }
  return [base, setBase];
}

/**
 * After a write of our own that names no version (an avatar upload), the base moves on with it
 * only if nothing else happened in between (exactly one step); otherwise the next save conflicts.
 */
export function afterOwnWrite<T extends { version: number }>(base: T, written: { version: number }): T {
  return written.version === base.version + 1 ? { ...base, version: written.version } : base;
}
