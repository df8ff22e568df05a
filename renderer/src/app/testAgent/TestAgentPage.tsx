import { AnchorButton, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../../lib/supabase.ts';
import { testAgentUrl } from './testAgentUrl.ts';

/**
 * /test-agent on the console's host: goes on to the demo agent's public page. The link stays on
 * screen in case the shell refuses the navigation (the desktop app opens web pages outside).
 */
export function TestAgentPage() {
  const { t } = useTranslation();
  const target = testAgentUrl(getRuntimeConfig().publicSiteUrl);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  return (
    <div className="console-centered" data-testid="test-agent">
      <NonIdealState
        icon={target ? <Spinner /> : 'offline'}
        title={t('shell:testAgent.title')}
        description={t(target ? 'shell:testAgent.opening' : 'shell:testAgent.noSite')}
        action={
          target ? (
            <AnchorButton href={target} intent={Intent.PRIMARY} icon="share" text={t('shell:testAgent.open')} />
          ) : undefined
        }
      />
    </div>
  );
}
