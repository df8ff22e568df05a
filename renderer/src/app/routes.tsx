import { Navigate, Outlet, useParams, type RouteObject } from 'react-router-dom';
import { useDesktopAuthLinks } from '../features/auth/desktop/useDesktopAuthLinks.ts';
import { AdminNumbersPage } from '../features/admin/pages/AdminNumbersPage.tsx';
import { AdminSettingsPage } from '../features/admin/pages/AdminSettingsPage.tsx';
import { AdminUsersPage } from '../features/admin/pages/AdminUsersPage.tsx';
import { AgentsPage } from '../features/agents/pages/AgentsPage.tsx';
import { AgentWizardPage } from '../features/agents/pages/AgentWizardPage.tsx';
import { AgentConfigurePage } from '../features/agents/pages/AgentConfigurePage.tsx';
import { AgentPromptsPage } from '../features/agents/pages/AgentPromptsPage.tsx';
import { EmailVerificationPage } from '../features/auth/pages/EmailVerificationPage.tsx';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage.tsx';
import { GoogleCallbackPage } from '../features/deploy/GoogleCallbackPage.tsx';
import { BillingPage } from '../features/billing/pages/BillingPage.tsx';
import { BrandingPage } from '../features/branding/pages/BrandingPage.tsx';
import { CreditsPage } from '../features/credits/pages/CreditsPage.tsx';
import { DeployPage } from '../features/deploy/pages/DeployPage.tsx';
import { LandingPage } from '../features/landing/pages/LandingPage.tsx';
import { LegalNoticePage } from '../features/legal/pages/LegalNoticePage.tsx';
import { PrivacyPage } from '../features/legal/pages/PrivacyPage.tsx';
import { CallHistoryPage } from '../features/history/pages/CallHistoryPage.tsx';
import { ContactPage } from '../features/history/pages/ContactPage.tsx';
import { ContactsPage } from '../features/history/pages/ContactsPage.tsx';
import { ConversationsPage } from '../features/history/pages/ConversationsPage.tsx';
import { LibraryPage } from '../features/library/pages/LibraryPage.tsx';
import { MapPage } from '../features/map/pages/MapPage.tsx';
import { AgentMessagesPage } from '../features/messages/pages/AgentMessagesPage.tsx';
import { MessagesPage } from '../features/messages/pages/MessagesPage.tsx';
import { MarketplacePage } from '../features/marketplace/pages/MarketplacePage.tsx';
import { PacksPage } from '../features/packs/pages/PacksPage.tsx';
import { ProfilePage } from '../features/profile/pages/ProfilePage.tsx';
import { ActiveNumbersPage } from '../features/phoneNumbers/pages/ActiveNumbersPage.tsx';
import { AddressesPage } from '../features/phoneNumbers/pages/AddressesPage.tsx';
import { CallerIdsPage } from '../features/phoneNumbers/pages/CallerIdsPage.tsx';
import { SiteConfigPage } from '../features/siteConfig/pages/SiteConfigPage.tsx';
import { AgentDashboardPage } from '../features/insights/pages/AgentDashboardPage.tsx';
import { AnalyticsPage } from '../features/insights/pages/AnalyticsPage.tsx';
import { DashboardPage } from '../features/insights/pages/DashboardPage.tsx';
import { InteractionsPage } from '../features/interactions/InteractionsPage.tsx';
import { SandboxAuthGate } from '../features/sandbox/components/SandboxAuthGate.tsx';
import { SandboxPage } from '../features/sandbox/pages/SandboxPage.tsx';
import { RequireAdmin } from './guards/RequireAdmin.tsx';
import { RequireSignedIn } from './guards/RequireSignedIn.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { NotFoundPage } from './screens/NotFoundPage.tsx';
import { RouteErrorScreen } from './screens/ErrorScreen.tsx';
import { NotFoundRoute } from './screens/NotFoundRoute.tsx';
import { TestAgentPage } from './testAgent/TestAgentPage.tsx';
import { TranslationWarning } from './translation/TranslationWarning.tsx';

/** /agents/{id}/edit/* → /agents/{id}/dashboard. */
function AgentEditRedirect() {
  const { agentId = '' } = useParams();
  return <Navigate to={`/agents/${encodeURIComponent(agentId)}/dashboard`} replace />;
}

function RootFrame() {
  // Desktop app: concierge://auth/callback links complete sign-in and email verification.
  useDesktopAuthLinks();
  return (
    <TranslationWarning>
      <Outlet />
    </TranslationWarning>
  );
}

/**
 * The global route table. Pages arrive with their features: public ones next to
 * /login, signed-in ones inside AppLayout, admin ones under RequireAdmin. A path without a page
 * falls through to the not-found page (inside the shell for a signed-in user).
 */
export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'email-verification', element: <EmailVerificationPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'test-agent', element: <TestAgentPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'legal', element: <LegalNoticePage /> },
      // The terms of service are a section of the legal notice.
      { path: 'terms', element: <Navigate to="/legal#terms" replace /> },
      // The sandbox shows 'Authentication Required' itself instead of redirecting.
      {
        path: 'agents/:agentId/test',
        element: <SandboxAuthGate />,
        children: [{ element: <AppLayout />, children: [{ index: true, element: <SandboxPage /> }] }],
      },
      {
        element: <RequireSignedIn />,
        children: [
          { path: 'auth/google/callback', element: <GoogleCallbackPage /> },
          {
            element: <AppLayout />,
            children: [
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'credits', element: <CreditsPage /> },
              { path: 'agents', element: <AgentsPage /> },
              { path: 'agents/new', element: <AgentWizardPage /> },
              { path: 'agents/:agentId/configure', element: <AgentConfigurePage /> },
              { path: 'agents/:agentId/prompts', element: <AgentPromptsPage /> },
              { path: 'agents/:agentId/integrations', element: <DeployPage /> },
              { path: 'agents/:agentId/interactions', element: <InteractionsPage /> },
              { path: 'agents/:agentId/branding', element: <BrandingPage /> },
              { path: 'agents/:agentId/messages', element: <AgentMessagesPage /> },
              { path: 'agents/:agentId/dashboard', element: <AgentDashboardPage /> },
              { path: 'agents/:agentId/edit/*', element: <AgentEditRedirect /> },
              { path: 'agents/:agentId/calls', element: <CallHistoryPage /> },
              { path: 'calls', element: <CallHistoryPage /> },
              { path: 'contacts', element: <ContactsPage /> },
              { path: 'contacts/:contactId', element: <ContactPage /> },
              { path: 'conversations', element: <ConversationsPage /> },
              { path: 'analytics', element: <AnalyticsPage /> },
              { path: 'conversations/:conversationId', element: <ConversationsPage /> },
              // The desktop app's offline recordings library; a browser gets an explanation.
              { path: 'library', element: <LibraryPage /> },
              { path: 'agents/:agentId/:page', element: <NotFoundPage inShell /> },
              {
                path: 'twilio-numbers',
                children: [
                  { index: true, element: <Navigate to="active" replace /> },
                  { path: 'active', element: <ActiveNumbersPage /> },
                  { path: 'addresses', element: <AddressesPage /> },
                  { path: 'caller-ids', element: <CallerIdsPage /> },
                ],
              },
              // Signed in; a non-admin sees an Access Denied text: the marketplace is for admins.
              { path: 'marketplace', element: <MarketplacePage /> },
              { path: 'map', element: <MapPage /> },
              { path: 'messages', element: <MessagesPage /> },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: 'admin',
                    children: [
                      { index: true, element: <Navigate to="users" replace /> },
                      { path: 'users', element: <AdminUsersPage /> },
                      { path: 'settings', element: <AdminSettingsPage /> },
                      { path: 'billing', element: <BillingPage /> },
                      { path: 'packs', element: <PacksPage /> },
                      { path: 'numbers', element: <AdminNumbersPage /> },
                    ],
                  },
                  { path: 'site-config', element: <SiteConfigPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
