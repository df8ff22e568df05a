import { RestError } from './errors.ts';
import type { BodyFormat } from './sql-read.ts';

/** Request negotiation: Prefer, Accept, schema profiles and Range. */

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'lenient' | 'strict';
  tx?: 'commit' | 'rollback';
  timezone?: string;
  maxAffected?: number;
  /** Echoed in Preference-Applied. */
  applied: string[];
}

const ALLOWED: Record<string, string[] | null> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['lenient', 'strict'],
  tx: ['commit', 'rollback'],
  timezone: null,
  'max-affected': null,
};

/** RFC 7240, comma separated, first occurrence wins; unknown prefs fail only with handling=strict. */
export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = { applied: [] };
  if (!header) return prefs;
  const seen = new Set<string>();
  const invalid: string[] = [];
  for (const raw of header.split(',')) {
    const token = raw.trim();
    if (token === '') continue;
    const eq = token.indexOf('=');
    const key = (eq < 0 ? token : token.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? '' : token.slice(eq + 1).trim();
    const allowed = ALLOWED[key];
    if (allowed === undefined || (allowed && !allowed.includes(value))) {
      invalid.push(token);
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    switch (key) {
      case 'return':
        prefs.return = value as Preferences['return'];
        break;
      case 'count':
        prefs.count = value as Preferences['count'];
        break;
      case 'resolution':
        prefs.resolution = value as Preferences['resolution'];
        break;
      case 'missing':
        prefs.missing = value as Preferences['missing'];
        break;
      case 'handling':
        prefs.handling = value as Preferences['handling'];
        break;
      case 'tx':
        prefs.tx = value as Preferences['tx'];
        break;
      case 'timezone':
        prefs.timezone = value;
        break;
      case 'max-affected':
        if (!/^\d+$/.test(value)) {
          invalid.push(token);
          continue;
        }
        prefs.maxAffected = Number(value);
        break;
    }
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return prefs;
}

export interface MediaChoice {
  format: BodyFormat;
  contentType: string;
}

interface MediaRange {
  type: string;
  params: Record<string, string>;
}

function parseAccept(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...rest] = part.split(';').map((s) => s.trim());
      const params: Record<string, string> = {};
      for (const p of rest) {
        const eq = p.indexOf('=');
        if (eq > 0)
          params[p.slice(0, eq).trim().toLowerCase()] = p
            .slice(eq + 1)
            .trim()
            .replace(/^"|"$/g, '');
      }
      return { type: type.toLowerCase(), params, q: params.q === undefined ? 1 : Number(params.q) };
    })
    .filter((m) => m.type !== '' && m.q > 0)
    .sort((a, b) => b.q - a.q);
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/** Picks the response format; `singularDefault` is for RPC functions returning scalars. */
export function negotiateMedia(header: string | null): MediaChoice {
  if (!header || header.trim() === '') return { format: 'array', contentType: JSON_TYPE };
  for (const media of parseAccept(header)) {
    const stripped = media.params.nulls === 'stripped';
    switch (media.type) {
      case '*/*':
      case 'application/*':
      case 'application/json':
        return { format: 'array', contentType: JSON_TYPE };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return stripped
          ? { format: 'array-stripped', contentType: 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8' }
          : { format: 'array', contentType: JSON_TYPE };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return stripped
          ? {
              format: 'object-stripped',
              contentType: 'application/vnd.pgrst.object+json; nulls=stripped; charset=utf-8',
            }
          : { format: 'object', contentType: OBJECT_TYPE };
      case 'text/csv':
        return { format: 'csv', contentType: 'text/csv; charset=utf-8' };
      default:
        continue;
    }
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${
      parseAccept(header)
        .map((m) => m.type)
        .join(', ') || header
    }`,
  );
}

/** The schema a request targets: Accept-Profile (GET/HEAD) or Content-Profile (others). */
export function negotiateSchema(
  method: string,
  headers: Headers,
  schemas: string[],
): { schema: string; negotiated: boolean } {
  const header = method === 'GET' || method === 'HEAD' ? headers.get('accept-profile') : headers.get('content-profile');
  const fallback = schemas[0] ?? 'public';
  if (header === null || header.trim() === '') return { schema: fallback, negotiated: false };
  const schema = header.trim();
  if (!schemas.includes(schema)) {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    );
  }
  return { schema, negotiated: true };
}

/** `Range: 0-9` → offset/limit (open-ended `5-` allowed); invalid → 416 PGRST103. */
export function parseRangeHeader(header: string | null): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header.trim());
  if (!match) return undefined;
  const from = Number(match[1]);
  if (match[2] === '') return { offset: from };
  const to = Number(match[2]);
  if (to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', null);
  return { offset: from, limit: to - from + 1 };
}
