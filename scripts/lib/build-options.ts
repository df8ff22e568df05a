import type { Plugin } from 'vite';
import { facebookSignupSettings } from '../../supabase/functions/_shared/contracts/whatsapp.ts';
import { ANY_SUPABASE_PROJECT, staticHostHeadersFile } from './security-headers.ts';

/**
 * Source maps only in debugging builds (`VITE_SOURCEMAP=true npm run build`, or `--mode debug`):
 * a production build must not hand out the original sources next to the bundle.
 */
export function wantsSourcemaps(mode: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return mode === 'debug' || env.VITE_SOURCEMAP === 'true';
}

/**
 * Writes `_headers` (Netlify / Cloudflare Pages format) into the build, so a static host sends the
 * same security headers as `npm start`. The API origin in its CSP is CONCIERGE_SUPABASE_URL at build
 * time, else any hosted Supabase project (README "Deploy"); the console's images may also come from
 * the origin of CONCIERGE_MAP_TILE_URL (the /map tiles), and connect to CONCIERGE_PHONE_RELAY_URL (a
 * standalone phone relay, for the sandbox's phone call); with CONCIERGE_FACEBOOK_APP_ID set, scripts
 * may come from CONCIERGE_FACEBOOK_SDK_URL's origin (WhatsApp's embedded sign-up).
 */
export function staticHostHeadersPlugin(app: 'console' | 'site', env: NodeJS.ProcessEnv = process.env): Plugin {
  return {
    name: 'concierge-static-host-headers',
    apply: 'build',
    generateBundle() {
      const supabaseUrl = env.CONCIERGE_SUPABASE_URL?.trim() || ANY_SUPABASE_PROJECT;
      const mapTileUrl = env.CONCIERGE_MAP_TILE_URL?.trim() || null;
      const phoneRelayUrl = env.CONCIERGE_PHONE_RELAY_URL?.trim() || null;
      const facebook = facebookSignupSettings(env);
      this.emitFile({
        type: 'asset',
        fileName: '_headers',
        source: staticHostHeadersFile(app, supabaseUrl, mapTileUrl, phoneRelayUrl, facebook?.facebookSdkUrl ?? null),
      });
    },
  };
}
