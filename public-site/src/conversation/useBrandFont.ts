import { useEffect } from 'react';
import { loadBrandFont, type BrandFont } from './brandFonts.ts';

/** Loads the brand font while a component showing it is mounted (see brandFonts.ts). */
export function useBrandFont(font: BrandFont): void {
  useEffect(() => {
    void loadBrandFont(font);
  }, [font]);
}
