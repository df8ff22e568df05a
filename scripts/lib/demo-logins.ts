/** The logins supabase/seed.sql creates on a fresh local database (development only). */
export const DEMO_LOGINS = {
  DEMO_OWNER_EMAIL: 'demo.owner@example.com',
  DEMO_OWNER_PASSWORD: 'concierge-demo',
  DEMO_ADMIN_EMAIL: 'demo.admin@example.com',
  DEMO_ADMIN_PASSWORD: 'concierge-admin',
} as const;
