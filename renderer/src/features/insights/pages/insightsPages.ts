/** The dashboards and analytics (with the charts library), loaded together on demand (see app/routes.tsx). */
export { AgentDashboardPage } from './AgentDashboardPage.tsx';
export { AnalyticsPage } from './AnalyticsPage.tsx';
export { DashboardPage } from './DashboardPage.tsx';
