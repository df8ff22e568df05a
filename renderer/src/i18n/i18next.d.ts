import 'i18next';
import type { resources } from './resources.ts';

type Catalogue = (typeof resources)['en'];

/** Every namespace, `common` first: a bare key is a `common` key, any other is `ns:key`. */
type AllNamespaces = ['common', ...Exclude<keyof Catalogue, 'common'>[]];

/**
 * `t` and `useTranslation` check every key against the English catalogue (the parity test holds
 * French to the same keys): a misspelt, removed or misplaced key is a compile error.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: AllNamespaces;
    resources: Catalogue;
  }
}
