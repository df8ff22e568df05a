import type { PublicAgent } from '../api/publicAgent.ts';
import { useT } from '../i18n/I18n.tsx';

export interface AgentHeaderProps {
  agent: PublicAgent;
  onChat?: () => void;
  onCall?: () => void;
  /** The page is asking whether a voice call can start. */
  callPending?: boolean;
}

/** The Home tab: avatar, name, hero title and subtitle, availability, AI Chat and AI Call. */
export function AgentHeader({ agent, onChat, onCall, callPending = false }: AgentHeaderProps) {
  const t = useT();
  const heroTitle = agent.heroTitle ?? t('agent.defaultHeroTitle');
  return (
    <section className="agent" data-testid="home-tab">
      <header className="agent__hero">
        {agent.avatarUrl ? (
          <img
            className="agent__avatar"
            src={agent.avatarUrl}
            alt={t('agent.avatarAlt', { name: agent.name })}
            width={112}
            height={112}
          />
        ) : (
          <div className="agent__avatar agent__avatar--initial" aria-hidden="true">
            {agent.name.charAt(0).toUpperCase()}
          </div>
        )}
        {/* The hero title starts as the agent's name: the name is not said twice above it. */}
        {heroTitle.trim() === agent.name.trim() ? null : <p className="agent__name">{agent.name}</p>}
        <h1 className="agent__title">{heroTitle}</h1>
        {agent.heroSubtitle ? <p className="agent__subtitle">{agent.heroSubtitle}</p> : null}
        <p className="agent__available">
          <span className="agent__dot" aria-hidden="true" />
          {t('agent.available')}
        </p>
        {onChat || onCall ? (
          <div className="agent__actions">
            {onChat ? (
              <button type="button" className="btn btn--primary" onClick={onChat} data-testid="open-chat">
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M4 5h16v11H8l-4 4z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinejoin="round"
                  />
                </svg>
                {t('home.chat')}
              </button>
            ) : null}
            {onCall ? (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={onCall}
                disabled={callPending}
                aria-busy={callPending}
                title={callPending ? t('call.checking') : undefined}
                data-testid="open-call"
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M6.6 3h3l1.5 4.5-2 1.5a11 11 0 0 0 5.9 5.9l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A17 17 0 0 1 4.6 5a2 2 0 0 1 2-2z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinejoin="round"
                  />
                </svg>
                {t('home.call')}
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
    </section>
  );
}
