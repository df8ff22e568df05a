import type { RunningStack } from '../../supabase/local/index.ts';

/**
 * Tells the database where agent pages are served (`http://{agent}.localhost:5181` locally), so
 * configure_web_widget() can build each widget's script URL on the server. Written at every start
 * because the site's port is only known once it listens.
 */
export async function recordAgentSiteUrl(stack: Pick<RunningStack, 'db'>, publicSiteUrl: string): Promise<void> {
  await stack.db.query(
    `insert into private.agent_site (id, url_template) values (true, $1)
     on conflict (id) do update set url_template = excluded.url_template, updated_at = now()`,
    [publicSiteUrl.replace(/\/+$/, '')],
  );
}
