/** Spec 000 §8 wording. `{{message}}` is the provider's own text. */
export const errorsEn = {
  auth: {
    noAccount: 'No account found with this email',
    incorrectPassword: 'Incorrect password',
    // Supabase Auth does not reveal whether the address exists (anti-enumeration), so a failed
    // password sign-in names both possibilities.
    invalidCredentials: 'No account found with this email, or incorrect password',
    invalidEmail: 'Invalid email address',
    accountDisabled: 'This account has been disabled',
    tooManyAttempts: 'Too many failed attempts. Please try again later',
    signInFailed: 'Failed to sign in with email and password',
    emailNotConfirmed: 'Please verify your email address before signing in. Check your inbox for a verification link.',
    emailInUse: 'An account with this email already exists',
    weakPassword: 'Password should be at least 6 characters',
    signUpDisabled: 'Email/password accounts are not enabled. Please contact support.',
    emailRateLimited: 'Too many emails sent. Please wait a moment and try again.',
    signUpFailed: 'Failed to create account: {{message}}',
    saveUserFailed: 'Failed to save user data to database',
    googleFailed: 'Failed to sign in with Google: {{message}}',
    noUserSignedIn: 'No user is currently signed in',
    verificationSendFailed: 'Failed to send verification email',
    signOutFailed: 'Failed to sign out',
  },
  profile: {
    notFound: 'Profile not found',
    fetchFailed: 'Failed to fetch profile',
    updateFailed: 'Failed to update profile',
  },
  credits: {
    fetchPacksFailed: 'Failed to fetch packs',
    userNotFound: 'User not found',
    fetchBalanceFailed: 'Failed to fetch credit balance',
    fetchHistoryFailed: 'Failed to fetch credit history',
    activateFreePackFailed: 'Failed to activate free pack',
    freePackAlreadyActivated: 'The free pack has already been activated on this account.',
    purchaseFailed: 'Failed to purchase credits',
    paymentNotConfigured: 'Payment is not configured on this installation.',
    fetchSubscriptionFailed: 'Failed to fetch subscription',
    packNotFound: 'Pack not found',
  },
  agents: {
    fetchFailed: 'Failed to fetch agents',
    loadMoreFailed: 'Failed to load more agents',
    createFailed: 'Failed to create agent',
    updateFailed: 'Failed to update agent. Please try again.',
    deleteFailed: 'Failed to delete agent',
    fetchSectorsFailed: 'Failed to fetch sectors',
    fetchToolsFailed: 'Failed to fetch tools',
    avatarUploadFailed: 'Failed to upload avatar',
  },
  verification: {
    failed: 'Email verification failed. Please try again or contact support if the problem persists.',
    tooManyAttempts: 'Too many attempts. Please wait before trying again.',
    maxAttempts: 'Maximum attempts reached. Please request a new verification email.',
  },
  avatar: {
    tooLarge: 'The image must be at most 5 MB.',
    wrongType: 'Choose a PNG, JPEG, GIF or WebP image.',
    uploadFailed: 'Failed to upload the picture: {{message}}',
  },
  database: {
    forbidden: 'You are not allowed to do this',
    sessionExpired: 'Your session has expired. Please sign in again.',
  },
  network: {
    offline: 'Network error. Please check your connection and try again.',
  },
  generic: {
    somethingWentWrong: 'Something went wrong',
    notAuthenticated: 'User not authenticated',
  },
};
