import { afterEach, describe, expect, it, vi } from 'vitest';

// vi.mock factories are hoisted above the imports, so what they share is hoisted too.
const { imported, face } = vi.hoisted(() => {
  /** Which stylesheets were imported. */
  const imported: string[] = [];
  const face = (name: string) => () => {
    imported.push(name);
    return {};
  };
  return { imported, face };
});
vi.mock('@fontsource/poppins/latin-400.css', face('poppins/latin-400'));
vi.mock('@fontsource/poppins/latin-600.css', face('poppins/latin-600'));
vi.mock('@fontsource/poppins/latin-700.css', face('poppins/latin-700'));
vi.mock('@fontsource/poppins/latin-ext-400.css', face('poppins/latin-ext-400'));
vi.mock('@fontsource/poppins/latin-ext-600.css', face('poppins/latin-ext-600'));
vi.mock('@fontsource/poppins/latin-ext-700.css', face('poppins/latin-ext-700'));
vi.mock('@fontsource/inter/latin-400.css', face('inter/latin-400'));
vi.mock('@fontsource/roboto/latin-400.css', () => {
  throw new Error('offline');
});

const { BRAND_FONT_STACKS, loadBrandFont } = await import('./brandFonts.ts');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('brand fonts', () => {
  it('loads only the chosen font, in the weights and scripts the pages use, once', async () => {
    const first = loadBrandFont('poppins');
    expect(loadBrandFont('poppins')).toBe(first);
    await first;
    expect(imported.sort()).toEqual([
      'poppins/latin-400',
      'poppins/latin-600',
      'poppins/latin-700',
      'poppins/latin-ext-400',
      'poppins/latin-ext-600',
      'poppins/latin-ext-700',
    ]);
    await loadBrandFont('poppins');
    expect(imported).toHaveLength(6);
  });

  it('falls back to the system stack when a font cannot load, and tries again next time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = loadBrandFont('roboto');
    await expect(first).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    const second = loadBrandFont('roboto');
    expect(second).not.toBe(first);
    await second;
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('names the brand font first in each stack, with system fonts behind it', () => {
    expect(BRAND_FONT_STACKS['open-sans'].startsWith("'Open Sans',")).toBe(true);
    for (const stack of Object.values(BRAND_FONT_STACKS)) expect(stack).toContain('system-ui');
  });
});
