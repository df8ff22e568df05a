import { Suspense } from 'react';
import { Navigate, Outlet, useParams, type RouteObject } from 'react-router-dom';
import { useDesktopAuthLinks } from '../features/auth/desktop/useDesktopAuthLinks.ts';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { LandingPage } from '../features/landing/pages/LandingPage.tsx';
import { SandboxAuthGate } from '../features/sandbox/components/SandboxAuthGate.tsx';
import { RequireAdmin } from './guards/RequireAdmin.tsx';
import { RequireSignedIn } from './guards/RequireSignedIn.tsx';
import { lazyNamed } from '../lib/lazyChunk.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { FullPageSpinner } from './screens/FullPageSpinner.tsx';
import { NotFoundPage } from './screens/NotFoundPage.tsx';
import { RouteErrorScreen } from './screens/ErrorScreen.tsx';
import { NotFoundRoute } from './screens/NotFoundRoute.tsx';
import { TranslationWarning } from './translation/TranslationWarning.tsx';

// Every page but the first screens of a signed-out visitor (landing, login) loads on demand, one
// chunk per feature, with the libraries only it uses (charts, maps, waveforms, tables, documents).
const adminPages = () => import('../features/admin/pages/adminPages.ts');
const agentsPages = () => import('../features/agents/pages/agentsPages.ts');
const authLinkPages = () => import('../features/auth/pages/authLinkPages.ts');
const deployPages = () => import('../features/deploy/pages/deployPages.ts');
const historyPages = () => import('../features/history/pages/historyPages.ts');
const insightsPages = () => import('../features/insights/pages/insightsPages.ts');
const legalPages = () => import('../features/legal/pages/legalPages.ts');
const messagesPages = () => import('../features/messages/pages/messagesPages.ts');
const phoneNumbersPages = () => import('../features/phoneNumbers/pages/phoneNumbersPages.ts');

const AdminNumbersPage = lazyNamed(adminPages, 'AdminNumbersPage');
const AdminSettingsPage = lazyNamed(adminPages, 'AdminSettingsPage');
const AdminUsersPage = lazyNamed(adminPages, 'AdminUsersPage');
const AgentsPage = lazyNamed(agentsPages, 'AgentsPage');
const AgentWizardPage = lazyNamed(agentsPages, 'AgentWizardPage');
const AgentPromptsPage = lazyNamed(agentsPages, 'AgentPromptsPage');
const AgentConfigurePage = lazyNamed(
  () => import('../features/agents/pages/AgentConfigurePage.tsx'),
  'AgentConfigurePage',
);
const EmailVerificationPage = lazyNamed(authLinkPages, 'EmailVerificationPage');
const ResetPasswordPage = lazyNamed(authLinkPages, 'ResetPasswordPage');
const GoogleCallbackPage = lazyNamed(deployPages, 'GoogleCallbackPage');
const DeployPage = lazyNamed(deployPages, 'DeployPage');
const CallHistoryPage = lazyNamed(historyPages, 'CallHistoryPage');
const ContactPage = lazyNamed(historyPages, 'ContactPage');
const ContactsPage = lazyNamed(historyPages, 'ContactsPage');
const ConversationsPage = lazyNamed(historyPages, 'ConversationsPage');
const AgentDashboardPage = lazyNamed(insightsPages, 'AgentDashboardPage');
const AnalyticsPage = lazyNamed(insightsPages, 'AnalyticsPage');
const DashboardPage = lazyNamed(insightsPages, 'DashboardPage');
const LegalNoticePage = lazyNamed(legalPages, 'LegalNoticePage');
const PrivacyPage = lazyNamed(legalPages, 'PrivacyPage');
const AgentMessagesPage = lazyNamed(messagesPages, 'AgentMessagesPage');
const MessagesPage = lazyNamed(messagesPages, 'MessagesPage');
const ActiveNumbersPage = lazyNamed(phoneNumbersPages, 'ActiveNumbersPage');
const AddressesPage = lazyNamed(phoneNumbersPages, 'AddressesPage');
const CallerIdsPage = lazyNamed(phoneNumbersPages, 'CallerIdsPage');
const BillingPage = lazyNamed(() => import('../features/billing/pages/BillingPage.tsx'), 'BillingPage');
const BrandingPage = lazyNamed(() => import('../features/branding/pages/BrandingPage.tsx'), 'BrandingPage');
const CreditsPage = lazyNamed(() => import('../features/credits/pages/CreditsPage.tsx'), 'CreditsPage');
const InteractionsPage = lazyNamed(() => import('../features/interactions/InteractionsPage.tsx'), 'InteractionsPage');
const LibraryPage = lazyNamed(() => import('../features/library/pages/LibraryPage.tsx'), 'LibraryPage');
const MapPage = lazyNamed(() => import('../features/map/pages/MapPage.tsx'), 'MapPage');
const MarketplacePage = lazyNamed(() => import('../features/marketplace/pages/MarketplacePage.tsx'), 'MarketplacePage');
const PacksPage = lazyNamed(() => import('../features/packs/pages/PacksPage.tsx'), 'PacksPage');
const ProfilePage = lazyNamed(() => import('../features/profile/pages/ProfilePage.tsx'), 'ProfilePage');
const SandboxPage = lazyNamed(() => import('../features/sandbox/pages/SandboxPage.tsx'), 'SandboxPage');
const SiteConfigPage = lazyNamed(() => import('../features/siteConfig/pages/SiteConfigPage.tsx'), 'SiteConfigPage');
const TestAgentPage = lazyNamed(() => import('./testAgent/TestAgentPage.tsx'), 'TestAgentPage');

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
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
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
        children: [
          {
            element: <AppLayout />,
            children: [
              { errorElement: <RouteErrorScreen inShell />, children: [{ index: true, element: <SandboxPage /> }] },
            ],
          },
        ],
      },
      {
        element: <RequireSignedIn />,
        children: [
          { path: 'auth/google/callback', element: <GoogleCallbackPage /> },
          {
            element: <AppLayout />,
            children: [
              {
                // A page that fails (its code did not load, or it threw) shows the error beside the
                // navigation, so the rest of the console stays reachable.
                errorElement: <RouteErrorScreen inShell />,
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
                  // Signed in; non-admins see the Access Denied screen.
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
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
