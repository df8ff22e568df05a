/**
 * Where an owner's knowledge file may live in the `knowledge` bucket: `{user_id}/{agent_id}/{file}`
 *. The function acts on these paths with the service role, so every action derives
 * the expected folder from the authenticated caller and the agent, and never trusts a path for
 * itself. The database states the same rule (private.is_own_knowledge_path) for stored rows.
 */

export interface KnowledgePath {
  userId: string;
  agentId: string;
  fileName: string;
}

/** The three parts of a well-formed path, or null (wrong depth, an empty part, a part starting with a dot). */
export function parseKnowledgePath(path: string): KnowledgePath | null {
  const segments = path.split('/');
  if (segments.length !== 3 || segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  const [userId, agentId, fileName] = segments as [string, string, string];
  return { userId, agentId, fileName };
}

/** True when `path` is a file directly in this owner's folder for this agent. */
export function isOwnKnowledgePath(path: string, owner: { userId: string; agentId: string }): boolean {
  const parsed = parseKnowledgePath(path);
  return parsed !== null && parsed.userId === owner.userId && parsed.agentId === owner.agentId;
}

/**
 * Where knowledge-ingest puts a new upload: `{user_id}/{agent_id}/{timestamp}-{safe name}`. The
 * folder is the owner's and the agent's; the timestamp keeps two files of the same name (or two
 * tries of one) apart; the name keeps letters, digits, dot, dash and underscore only, so it is a
 * valid object name whatever the owner called the file. The document keeps the original name.
 */
export function knowledgeStoragePath(userId: string, agentId: string, fileName: string, now = Date.now()): string {
  const safe =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-120) || 'document';
  return `${userId}/${agentId}/${now}-${safe}`;
}
