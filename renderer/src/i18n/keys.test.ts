import { describe, expect, it } from 'vitest';
import { createI18n } from './index.ts';
import type { ConsoleKey, NamespaceKey } from './keys.ts';

// Type-level checks, enforced by `tsc`: an unknown key, a key under the wrong namespace or a
// namespace that does not exist must not type as a ConsoleKey. If the type ever widens to
// `string`, these directives become unused and tsc fails.
// @ts-expect-error not a key of any catalogue
const missing: ConsoleKey = 'missing.key';
// @ts-expect-error the key exists, but in `shell`, not `common`
const wrongNamespace: ConsoleKey = 'common:notFound.title';
// @ts-expect-error no such namespace
const unknownNamespace: ConsoleKey = 'nowhere:notFound.title';
// @ts-expect-error a namespace's key set does not include other namespaces' keys
const otherNamespace: NamespaceKey<'shell'> = 'auth.signUpFailed';

const known = ['shell:notFound.title', 'errors:auth.signUpFailed'] as const satisfies readonly ConsoleKey[];

describe('ConsoleKey', () => {
  it('names keys that resolve in both languages', async () => {
    void [missing, wrongNamespace, unknownNamespace, otherNamespace];
    const i18n = createI18n('fr');
    for (const lang of ['fr', 'en'] as const) {
      await i18n.changeLanguage(lang);
      for (const key of known) expect(i18n.exists(key), `${lang} ${key}`).toBe(true);
    }
    expect(i18n.exists('missing.key')).toBe(false);
  });
});
