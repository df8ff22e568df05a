/** Marketplace. */
export const marketplaceEn = {
  title: 'Marketplace',
  search: 'Search agents...',
  categories: {
    all: 'All',
    professional: 'Professional',
    business: 'Business',
    institution: 'Institution',
    civil: 'Civil service',
    other: 'Other',
  },
  empty: 'No agents found',
  tryAgain: 'Try Again',
  accessDenied: 'Access Denied: This marketplace is only accessible to administrators.',
};
