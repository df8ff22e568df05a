/** English texts of the visitor site (spec 002 §2.3). The French file must have the same keys. */
export const en = {
  loading: {
    label: 'Loading…',
  },
  notFound: {
    title: 'Agent Not Found',
    body: "The agent you're looking for doesn't exist or has been removed.",
  },
  agent: {
    defaultHeroTitle: 'AI Assistant',
    available: 'Available 24/7',
    avatarAlt: 'Avatar of {name}',
  },
} as const;

/** Same tree as `en` with string leaves: what every locale must provide. */
type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;
