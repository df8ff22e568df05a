import type { PublicAgent } from '../api/publicAgent.ts';
import { useT } from '../i18n/I18n.tsx';

/** The top of the agent's Home tab: avatar, name, hero title and subtitle, availability. */
export function AgentHeader({ agent }: { agent: PublicAgent }) {
  const t = useT();
  return (
    <main className="screen agent" data-testid="agent-page">
      <header className="agent__hero">
        {agent.avatarUrl ? (
          <img className="agent__avatar" src={agent.avatarUrl} alt={t('agent.avatarAlt', { name: agent.name })} width={112} height={112} />
        ) : (
          <div className="agent__avatar agent__avatar--initial" aria-hidden="true">
            {agent.name.charAt(0).toUpperCase()}
          </div>
        )}
        <p className="agent__name">{agent.name}</p>
        <h1 className="agent__title">{agent.heroTitle ?? t('agent.defaultHeroTitle')}</h1>
        {agent.heroSubtitle ? <p className="agent__subtitle">{agent.heroSubtitle}</p> : null}
        <p className="agent__available">
          <span className="agent__dot" aria-hidden="true" />
          {t('agent.available')}
        </p>
      </header>
    </main>
  );
}
