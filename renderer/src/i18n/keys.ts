import type { resources } from './resources.ts';

type Catalogue = (typeof resources)['en'];
type Namespace = keyof Catalogue & string;

/** `count_one` / `count_other` are one key, `count`, to `t`; both spellings are accepted. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base | K
  : K;

type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${WithoutPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of one namespace, without its `ns:` prefix. */
export type NamespaceKey<N extends Namespace> = Leaves<Catalogue[N], ''>;

/**
 * Every message key of the console as `t` takes it: `ns:dotted.path` for any namespace, or a bare
 * path in the default `common` namespace. Built from the English catalogue; the parity test holds
 * French to the same keys. A key built at run time goes through a record typed with this (e.g.
 * `{ completed: 'history:calls.status.completed' } satisfies Record<Status, ConsoleKey>`), so a
 * misspelt or removed key is a compile error.
 */
export type ConsoleKey = { [N in Namespace]: Leaves<Catalogue[N], `${N}:`> }[Namespace] | NamespaceKey<'common'>;
