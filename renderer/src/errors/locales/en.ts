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
