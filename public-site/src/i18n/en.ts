/** English texts of the visitor site. The French file must have the same keys. */
export const en = {
  loading: {
    label: 'Loading…',
  },
  notFound: {
    title: 'Agent Not Found',
    body: "The agent you're looking for doesn't exist or has been removed.",
  },
  home: {
    chat: 'AI Chat',
    call: 'AI Call',
  },
  tabs: {
    label: 'Sections',
    home: 'Home',
    about: 'About',
    media: 'Media',
    videos: 'Videos',
  },
  about: {
    title: 'About',
    default: 'Welcome! I am here to answer your questions and help you, any time of the day.',
  },
  media: {
    title: 'Media',
    empty: 'No media content available',
    open: 'Open image {index}',
    close: 'Close',
    viewer: 'Image viewer',
  },
  videos: {
    title: 'Videos',
    empty: 'No videos available',
    untitled: 'Video {index}',
  },
  topBar: {
    qr: 'Show QR code',
    share: 'Share',
  },
  qr: {
    title: 'Scan QR Code',
    body: 'Scan this QR code to open this page on another device',
    close: 'Close',
    image: 'QR code for {url}',
  },
  share: {
    copied: 'Link copied!',
    failed: 'Could not copy the link',
  },
  footer: {
    terms: 'Terms of Service',
    sitemap: 'Sitemap',
    social: '{network} page',
    privacy: 'Privacy settings',
  },
  consent: {
    label: 'Cookie consent',
    body: 'This page would like to measure its audience with cookies ({vendors}). Nothing is loaded unless you accept.',
    accept: 'Accept',
    refuse: 'Refuse',
  },
  call: {
    unavailableTitle: 'Voice calls unavailable',
    unavailableBody:
      'Voice calls are not available on this page: no voice provider is configured. You can chat with the assistant instead.',
    noCreditsBody:
      'This assistant has no voice minutes left, so it cannot take calls right now. You can chat with it instead.',
    checking: 'Checking voice availability…',
    useChat: 'Open the chat',
    close: 'Close',
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
