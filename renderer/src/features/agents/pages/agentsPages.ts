/**
 * The agent list, the creation wizard and the prompts page, loaded together on demand; the configure
 * page, with its knowledge and connector editors, loads on its own (see app/routes.tsx).
 */
export { AgentPromptsPage } from './AgentPromptsPage.tsx';
export { AgentsPage } from './AgentsPage.tsx';
export { AgentWizardPage } from './AgentWizardPage.tsx';
