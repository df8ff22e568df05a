/** Call history, contacts and conversations, loaded together on demand as one chunk (see app/routes.tsx). */
export { CallHistoryPage } from './CallHistoryPage.tsx';
export { ContactPage } from './ContactPage.tsx';
export { ContactsPage } from './ContactsPage.tsx';
export { ConversationsPage } from './ConversationsPage.tsx';
