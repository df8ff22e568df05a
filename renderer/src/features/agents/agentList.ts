/**
 * Pure rules of the agent list: keyset pagination newest first, 10 a page,
 * search by name or description, and the delete confirmation.
 */
export const AGENTS_PAGE_SIZE = 10;
export const AGENT_SKELETON_COUNT = 6;

/** Position after the last agent of a page: created_at then id break ties between equal dates. */
export interface AgentCursor {
  createdAt: string;
  id: string;
}

/** The last page was full, so there may be more. */
export function nextCursor(
  page: readonly { id: string; createdAt: string }[],
  pageSize = AGENTS_PAGE_SIZE,
): AgentCursor | undefined {
  if (page.length < pageSize) return undefined;
  const last = page[page.length - 1];
  return last ? { createdAt: last.createdAt, id: last.id } : undefined;
}

/**
 * A PostgREST filter value in double quotes, so commas, dots and parentheses typed by the user
 * cannot change the filter's structure; backslash and quote are escaped as PostgREST expects.
 */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** `or=` filter: agents older than the cursor in (created_at desc, id desc) order. */
export function cursorFilter(cursor: AgentCursor): string {
  const at = quoteFilterValue(cursor.createdAt);
  return `created_at.lt.${at},and(created_at.eq.${at},id.lt.${quoteFilterValue(cursor.id)})`;
}

/**
 * `or=` filter for a case-insensitive search in name or description, or undefined for a blank
 * search. The LIKE wildcards the user types (% and _) are escaped so they match literally; `*` is
 * PostgREST's wildcard and is dropped from the term.
 */
export function searchFilter(search: string): string | undefined {
  const term = search.trim().replace(/\*/g, '');
  if (!term) return undefined;
  const pattern = quoteFilterValue(`*${term.replace(/[\\%_]/g, (c) => `\\${c}`)}*`);
  return `name.ilike.${pattern},description.ilike.${pattern}`;
}

/** The delete button is enabled only for the exact agent name. */
export function deleteConfirmed(agentName: string, typed: string): boolean {
  return typed === agentName && agentName.length > 0;
}

/** Names in Arabic script are drawn in the Arabic font. */
export function isArabicScript(text: string): boolean {
  return /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/.test(text);
}
