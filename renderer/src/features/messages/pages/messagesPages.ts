/** The WhatsApp inbox pages (all agents, one agent), loaded together on demand (see app/routes.tsx). */
export { AgentMessagesPage } from './AgentMessagesPage.tsx';
export { MessagesPage } from './MessagesPage.tsx';
