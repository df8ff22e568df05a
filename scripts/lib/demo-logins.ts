/** The logins supabase/seed.sql creates on a fresh local database (development only). */
export const DEMO_LOGINS = {
  DEMO_OWNER_EMAIL: 'owner@demo.concierge.local',
  DEMO_OWNER_PASSWORD: 'concierge-owner',
  DEMO_ADMIN_EMAIL: 'admin@demo.concierge.local',
  DEMO_ADMIN_PASSWORD: 'concierge-admin',
} as const;
