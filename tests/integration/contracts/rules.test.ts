import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHexColour } from '@contracts/colour.ts';
import {
  RESERVED_SUBDOMAINS,
  canonicalSubdomain,
  isClaimableSubdomain,
  isReservedSubdomain,
  isValidSubdomain,
} from '@contracts/subdomain.ts';
import { normaliseWidgetDomain } from '@contracts/widget-domain.ts';
import { openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * The contract's rules (supabase/functions/_shared/contracts) and the SQL that restates them agree
 * on one table of cases each: the subdomain (agents_subdomain_check, private.normalise_agent, the
 * reserved-name trigger, public.subdomain_available), the widget domain
 * (private.normalise_widget_domain) and the colour pattern (private.is_valid_branding). Field
 * lengths are tests/integration/security/field-limits.test.ts; JSON columns json-columns.test.ts.
 */
const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
let db: PGlite;

beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** What Postgres stores for a new agent's subdomain, or 'refused' (check violation). */
async function storedSubdomain(raw: string): Promise<string | null | 'refused'> {
  try {
    const { rows } = await db.query<{ id: string; subdomain: string | null }>(
      "insert into public.agents (user_id, name, subdomain) values ($1, 'Rule', $2) returning id, subdomain",
      [DEMO_OWNER, raw],
    );
    await db.query('delete from public.agents where id = $1', [rows[0]!.id]);
    return rows[0]!.subdomain;
  } catch (error) {
    if ((error as { code?: string }).code === '23514') return 'refused';
    throw error;
  }
}

const subdomainCases: string[] = [
  'bakery',
  'my-bakery',
  'my--bakery',
  'abc',
  'ab',
  'a',
  '123',
  `${'a'.repeat(63)}`,
  `${'a'.repeat(64)}`,
  '-bakery',
  'bakery-',
  '-',
  '---',
  'My-Bakery',
  '  bakery  ',
  '\tbakery',
  'bakery\n',
  'my_bakery',
  'my.bakery',
  'my bakery',
  'café',
  'ÉCOLE',
  'xn--caf-dma',
  'admin',
  ' Admin ',
  'www',
  'WWW',
  'no-reply',
  'admins',
  'cafe-admin',
  ...RESERVED_SUBDOMAINS.slice(0, 10),
];

describe('subdomain: the contract and the database agree', () => {
  it.each(subdomainCases)('a new agent on %j', async (raw) => {
    const canonical = canonicalSubdomain(raw);
    const expected = isClaimableSubdomain(canonical) ? canonical : 'refused';
    await expect(storedSubdomain(raw)).resolves.toBe(expected);
  });

  // subdomain_available takes the value as the console sends it (already canonical); 'demo' is
  // the seeded agent's, so it is the one case where availability is about another agent.
  it.each(subdomainCases)('subdomain_available(%j)', async (raw) => {
    const { rows } = await db.query<{ available: boolean }>('select public.subdomain_available($1) as available', [
      raw,
    ]);
    expect(rows[0]!.available).toBe(isClaimableSubdomain(raw));
  });

  it('a taken name is valid and claimable by shape, and only the database knows it is taken', async () => {
    expect(isClaimableSubdomain('demo')).toBe(true);
    const { rows } = await db.query<{ available: boolean }>("select public.subdomain_available('demo') as available");
    expect(rows[0]!.available).toBe(false);
  });

  it('the reserved lists are the same set, and both say so of the same names', async () => {
    const { rows } = await db.query<{ name: string }>('select unnest(private.reserved_subdomains()) as name');
    expect(rows.map((r) => r.name).sort()).toEqual([...RESERVED_SUBDOMAINS].sort());
    for (const name of ['admin', 'demo', 'WWW', 'shop']) {
      const sql = await db.query<{ reserved: boolean }>('select private.is_reserved_subdomain($1) as reserved', [name]);
      expect(sql.rows[0]!.reserved, name).toBe(isReservedSubdomain(name));
    }
  });

  it('an agent holding a name that became reserved keeps it (valid shape, not claimable)', async () => {
    expect(isValidSubdomain('support')).toBe(true);
    expect(isClaimableSubdomain('support')).toBe(false);
  });
});

const widgetDomainCases: string[] = [
  'example.com',
  '  Shop.Example.CO.uk ',
  'https://www.example.org/',
  'http://my-shop.fr',
  'HTTPS://Shop.Example.com',
  'localhost',
  'LOCALHOST',
  'https://localhost/',
  '',
  '   ',
  'example',
  'not a domain',
  'exa_mple.com',
  '-bad.com',
  'bad-.com',
  'example.com/path',
  'example.com//',
  'example.com:8080',
  'user@example.com',
  'a.b.c.1',
  '192.168.0.1',
  'ftp://example.com',
  `${'a'.repeat(64)}.com`,
  `${'a'.repeat(63)}.com`,
  `${`${'a'.repeat(60)}.`.repeat(4)}com`,
  '.example.com',
  'example..com',
  'example.c',
  'xn--caf-dma.fr',
  '\texample.com',
];

describe('widget domain: the contract and the database agree', () => {
  it.each(widgetDomainCases)('normalise %j', async (raw) => {
    const { rows } = await db.query<{ host: string | null }>('select private.normalise_widget_domain($1) as host', [
      raw,
    ]);
    expect(rows[0]!.host).toBe(normaliseWidgetDomain(raw));
  });
});

const colourCases: string[] = [
  '#6366f1',
  '#6366F1',
  '#000000',
  '#fff',
  '6366f1',
  '#6366f1 ',
  '#6366f1\n',
  '#gggggg',
  '#6366f10',
  'red',
  '',
];

describe('colour: the contract and the database agree', () => {
  it.each(colourCases)('primary colour %j', async (colour) => {
    const { rows } = await db.query<{ valid: boolean }>(
      "select private.is_valid_branding(jsonb_build_object('primary_color', $1::text)) as valid",
      [colour],
    );
    expect(rows[0]!.valid).toBe(isHexColour(colour));
  });
});
