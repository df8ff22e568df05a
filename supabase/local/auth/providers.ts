import type { Json } from './http.ts';

/** Where an OAuth provider lives, and how its profile maps onto GoTrue's identity claims. */
export interface ProviderEndpoints {
  authorize: string;
  token: string;
  userinfo: string;
  scopes: string[];
  issuer: string;
}

const KNOWN: Record<string, ProviderEndpoints> = {
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://www.googleapis.com/userinfo/v2/me',
    scopes: ['email', 'profile'],
    issuer: 'https://accounts.google.com',
  },
  github: {
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    userinfo: 'https://api.github.com/user',
    scopes: ['user:email'],
    issuer: 'https://api.github.com',
  },
  gitlab: {
    authorize: 'https://gitlab.com/oauth/authorize',
    token: 'https://gitlab.com/oauth/token',
    userinfo: 'https://gitlab.com/api/v4/user',
    scopes: ['read_user'],
    issuer: 'https://gitlab.com',
  },
  discord: {
    authorize: 'https://discord.com/api/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    userinfo: 'https://discord.com/api/users/@me',
    scopes: ['email', 'identify'],
    issuer: 'https://discord.com/api',
  },
  facebook: {
    authorize: 'https://www.facebook.com/dialog/oauth',
    token: 'https://graph.facebook.com/oauth/access_token',
    userinfo: 'https://graph.facebook.com/me?fields=id,email,name,picture',
    scopes: ['email'],
    issuer: 'https://www.facebook.com',
  },
};

/**
 * The provider's endpoints. `[auth.external.<p>] url` replaces the origin (and may add a base
 * path) while keeping each endpoint's path, so a test can serve `/o/oauth2/v2/auth`, `/token` and
 * `/userinfo/v2/me` for Google on loopback. Unknown providers need `url`: they use
 * `<url>/authorize`, `<url>/token`, `<url>/userinfo` (plain OAuth2 + OIDC-style userinfo).
 */
export function providerEndpoints(name: string, urlOverride: string): ProviderEndpoints | undefined {
  const known = KNOWN[name];
  const base = urlOverride.replace(/\/+$/, '');
  if (!known) {
    if (!base) return undefined;
    return {
      authorize: `${base}/authorize`,
      token: `${base}/token`,
      userinfo: `${base}/userinfo`,
      scopes: ['openid', 'email', 'profile'],
      issuer: base,
    };
  }
  if (!base) return known;
  const rebase = (endpoint: string) => {
    const url = new URL(endpoint);
    return `${base}${url.pathname}${url.search}`;
  };
  return { ...known, authorize: rebase(known.authorize), token: rebase(known.token), userinfo: rebase(known.userinfo) };
}

export interface ProviderProfile {
  id: string;
  email: string;
  emailVerified: boolean;
  /** identity_data as GoTrue stores it, also copied into user_metadata for new users. */
  claims: Json;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);

/** Maps Google v2 (`id, verified_email`), OIDC (`sub, email_verified`) and GitHub-like profiles. */
export function profileFromUserinfo(endpoints: ProviderEndpoints, info: Json): ProviderProfile | undefined {
  const id = str(info.sub) ?? str(info.id);
  if (!id) return undefined;
  const email = (str(info.email) ?? '').toLowerCase();
  const emailVerified =
    info.email_verified === true ||
    info.verified_email === true ||
    info.verified === true ||
    info.email_verified === 'true';
  const name = str(info.name) ?? str(info.login) ?? str(info.username);
  const pictureField = info.picture;
  const picture =
    str(pictureField) ??
    str((pictureField as { data?: { url?: unknown } } | undefined)?.data?.url) ??
    str(info.avatar_url);
  const claims: Json = {
    iss: endpoints.issuer,
    sub: id,
    name,
    email: email || undefined,
    email_verified: emailVerified,
    phone_verified: false,
    picture,
    full_name: name,
    avatar_url: picture,
    provider_id: id,
  };
  for (const key of Object.keys(claims)) if (claims[key] === undefined) delete claims[key];
  return { id, email, emailVerified, claims };
}
