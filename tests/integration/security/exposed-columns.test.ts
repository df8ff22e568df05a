import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

/**
 * What anon and authenticated can reach at all, read from the catalogue of the migrated database:
 * the column privileges PostgREST will honour, RLS on every exposed table, the functions callable
 * over /rest/v1/rpc, and an index behind every policy column.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Column names that hold credentials; none may be granted to a client role. */
const SECRET_NAME = /(token|secret|password|api_key|account_sid|signing_key)$/;

interface ColumnGrant {
  grantee: string;
  table_name: string;
  column_name: string;
  privilege_type: string;
}

describe('exposed columns', () => {
  it('lists every column anon and authenticated can read, and none of them is a secret', async () => {
    const { rows } = await stack.db.query<ColumnGrant>(
      `select grantee, table_name, column_name, privilege_type from information_schema.column_privileges
        where table_schema = 'public' and grantee in ('anon', 'authenticated') and privilege_type = 'SELECT'
        order by grantee, table_name, column_name`,
    );
    const readable = rows.map((r) => `${r.grantee}:${r.table_name}.${r.column_name}`);
    // The full list is the reviewable contract; print it so a change shows up in the test log.
    console.log(`readable columns (${readable.length}):\n${readable.join('\n')}`);
    expect(readable.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.table_name === 'agent_secrets')).toEqual([]);
    expect(rows.filter((r) => SECRET_NAME.test(r.column_name))).toEqual([]);
  });

  it('visitors can read only public catalogue tables', async () => {
    const { rows } = await stack.db.query<{ table_name: string }>(
      `select distinct table_name from information_schema.column_privileges
        where table_schema = 'public' and grantee = 'anon' and privilege_type = 'SELECT' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(['packs', 'sectors', 'site_config', 'sub_sectors']);
  });

  it('no client role can read the auth schema tables', async () => {
    const { rows } = await stack.db.query<{ table_name: string }>(
      `select table_name from information_schema.table_privileges
        where table_schema = 'auth' and grantee in ('anon', 'authenticated') and privilege_type = 'SELECT'`,
    );
    expect(rows).toEqual([]);
  });

  it('every public table has row level security enabled', async () => {
    const { rows } = await stack.db.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('only the intended functions are callable by anon and authenticated', async () => {
    const { rows } = await stack.db.query<{ proname: string; anon: boolean; authenticated: boolean }>(
      `select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' order by p.proname`,
    );
    // Visitors: an agent's public page, their own web chat (by its secret visitor key) and the
    // web widget's settings, where a renamed subdomain leads; each has its own security tests.
    expect(rows.filter((r) => r.anon).map((r) => r.proname)).toEqual([
      'public_agent',
      'public_conversation_messages',
      'public_web_widget',
      'subdomain_redirect',
    ]);
    expect(rows.filter((r) => r.authenticated).map((r) => r.proname)).toEqual([
      'activate_free_pack',
      // Admin-only inside (private.is_admin(); tests/integration/security/admin.test.ts,
      // admin-operations.test.ts, admin-audit-assets.test.ts).
      'admin_adjust_credits',
      'admin_billing_months',
      'admin_billing_totals',
      'admin_billing_transactions',
      'admin_cleanup_duplicate_users',
      'admin_delete_user',
      'admin_grant_credits',
      'admin_list_users',
      'admin_missing_profiles',
      'admin_phone_numbers',
      'admin_recover_profile',
      'admin_save_packs',
      'admin_save_tool_catalogue',
      'admin_update_user',
      // The caller's own agents used of their pack's allowance (tests/integration/security/pack-limits.test.ts).
      'agent_allowance',
      // The owner's (or an admin's) number to one of the owner's agents (tests/integration/phone).
      'assign_phone_number',
      // The owner's own history lists, security invoker under RLS (tests/integration/history).
      'call_history',
      'cancel_subscription',
      'configure_web_widget',
      // The owner's own connector signing key (tests/integration/connectors).
      'connector_signing_secret',
      'contact_cards',
      'contact_timeline',
      'conversation_inbox',
      'create_subscription',
      'disable_web_widget',
      // The caller's own dashboards and statistics (auth.uid() inside; tests/integration/insights).
      'insights_agent_statistics',
      'insights_dashboard',
      'insights_series',
      // The caller's own knowledge uploads, 'uploading' ones only (tests/integration/security/knowledge-uploads.test.ts).
      'interrupt_knowledge_uploads',
      'marketplace_agents',
      // The caller's own minutes this period (tests/integration/security/minutes-usage.test.ts).
      'minutes_usage',
      // The owner's own sandbox phone call, reserving the owner's credits (tests/integration/phone).
      'phone_open_sandbox_call',
      'public_agent',
      'public_conversation_messages',
      'public_web_widget',
      // Admin-only inside (private.is_admin(); tests/integration/phone/usage-reports-announcements.test.ts).
      'publish_announcement',
      // The caller's own upload's sign of life, 'uploading' ones only (knowledge-uploads.test.ts).
      'report_knowledge_upload_progress',
      'set_user_admin',
      'subdomain_available',
      'subdomain_redirect',
      // The desktop library's annotation sync: last writer wins, only on the caller's own calls.
      'sync_recording_annotation',
      'update_site_config',
      'use_credits',
      // The caller's own WhatsApp threads, run as the caller under RLS (tests/integration/whatsapp).
      'whatsapp_thread_messages',
      'whatsapp_threads',
      // The caller's own WhatsApp conversations this month (tests/integration/whatsapp).
      'whatsapp_usage',
    ]);
  });

  it('every security definer function pins an empty search_path', async () => {
    const { rows } = await stack.db.query<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname in ('public', 'private')
          and not coalesce(p.proconfig @> array['search_path=""'], false)`,
    );
    expect(rows).toEqual([]);
  });

  it('every user_id and agent_id column used by policies is the leading column of an index', async () => {
    const { rows } = await stack.db.query<{ table_name: string; column_name: string }>(
      `select c.relname as table_name, a.attname as column_name
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attname in ('user_id', 'agent_id', 'assigned_agent') and not a.attisdropped
          and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indkey[0] = a.attnum)`,
    );
    expect(rows).toEqual([]);
  });
});
