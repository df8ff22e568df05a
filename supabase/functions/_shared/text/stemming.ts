/**
 * Word matching for retrieval and offline answers: Snowball stems (English and French) plus a few
 * bilingual concept groups, so "ouverts", "opening" and "closed" meet on the hours concept and
 * "dimanche" meets "Sunday" whatever language the document is written in.
 *
 * The Snowball stemmers come from @orama/stemmers (pure ESM, no dependencies, one small module
 * per language) rather than suffix rules of our own: the algorithms are the published ones and
 * cover the irregular endings ("-ement", "-ies", "-aux") a hand list keeps missing.
 */
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { foldText, isStopWord } from './lexical.ts';

/**
 * Concept groups: words (folded) that ask about or state the same kind of fact. A word in a
 * group matches any other word of the group. `search` lists the prefixes full-text search uses
 * for the group (accents kept where documents write them).
 */
interface Concept {
  key: string;
  words: string[];
  search: string[];
}

/** Space-separated word lists, joined. */
function list(...lines: string[]): string[] {
  return lines.join(' ').split(' ').filter(Boolean);
}

const CONCEPTS: Concept[] = [
  {
    key: 'hours',
    words: list(
      'open opens opened opening openings close closes closed closing closure hours hour schedule schedules',
      'ouvert ouverte ouverts ouvertes ouvre ouvrez ouvrent ouvrir ouverture ouvertures ferme fermee fermees fermes',
      'fermez ferment fermer fermeture fermetures horaire horaires heure heures',
    ),
    search: ['open', 'clos', 'hour', 'schedul', 'ouvert', 'ouvr', 'ferm', 'horaire', 'heure'],
  },
  {
    key: 'price',
    words: list(
      'price prices priced pricing cost costs much fee fees rate rates tariff tariffs charge charges eur euro euros',
      'prix tarif tarifs tarification cout couts coute coutent combien payant payante',
    ),
    search: ['price', 'cost', 'fee', 'rate', 'eur', 'prix', 'tarif', 'coût', 'cout'],
  },
  {
    key: 'where',
    // Street words state an address ("3 rue des Lilas", "12 Baker Street"), so they answer "where".
    words: list(
      'where address located location situated directions access near nearby nearest adresse situe situes situee',
      'situees acces trouver proche street avenue boulevard road rue quai chemin allee impasse',
    ),
    search: ['address', 'locat', 'access', 'metro', 'adresse', 'situ', 'accès', 'acces', 'street', 'rue'],
  },
  {
    key: 'booking',
    words: 'book books booking bookings reserve reserved reservation reservations reserver reservez reservations'.split(
      ' ',
    ),
    search: ['book', 'reserv', 'réserv'],
  },
  {
    key: 'delivery',
    words: 'deliver delivers delivered delivery deliveries livrer livrez livrons livre livraison livraisons'.split(' '),
    search: ['deliver', 'livr'],
  },
  {
    key: 'payment',
    words: 'pay pays paid payment payments card cards cash payer payez paiement paiements carte cartes especes'.split(
      ' ',
    ),
    search: ['pay', 'card', 'cash', 'paie', 'paye', 'carte', 'espèces'],
  },
  {
    key: 'cancel',
    words: 'cancel cancels cancelled canceled cancellation annuler annulez annule annulation annulations'.split(' '),
    search: ['cancel', 'annul'],
  },
  {
    key: 'refund',
    words: 'refund refunds refunded reimburse rembourser remboursez rembourse remboursement remboursements'.split(' '),
    search: ['refund', 'reimburs', 'rembours'],
  },
  {
    key: 'return',
    words: 'return returns returned retour retours retourner renvoyer'.split(' '),
    search: ['return', 'retour', 'renvo'],
  },
  {
    key: 'parking',
    words: 'park parking garer stationner stationnement'.split(' '),
    search: ['park', 'garer', 'stationn'],
  },
  {
    key: 'contact',
    words: 'phone call telephone email mail contact appeler joindre telephoner'.split(' '),
    search: ['phone', 'call', 'email', 'contact', 'téléphon', 'appel'],
  },
  {
    key: 'vegetarian',
    words: 'vegetarian vegan vegetarien vegetarienne vegetariens vegetariennes vegetalien vegane'.split(' '),
    search: ['vegetarian', 'vegan', 'végéta', 'vegeta'],
  },
  {
    key: 'children',
    words: 'child children kid kids enfant enfants'.split(' '),
    search: ['child', 'kid', 'enfant'],
  },
  {
    key: 'pets',
    words: 'dog dogs pet pets animal animals chien chiens animaux'.split(' '),
    search: ['dog', 'pet', 'animal', 'chien', 'animaux'],
  },
  {
    key: 'allergy',
    words: 'allergy allergies allergen allergens allergie allergies allergene allergenes'.split(' '),
    search: ['allerg'],
  },
  {
    key: 'warranty',
    words: 'warranty warranties guarantee guaranteed garantie garanties garanti'.split(' '),
    search: ['warrant', 'guarant', 'garanti'],
  },
  ...[
    ['monday', 'lundi'],
    ['tuesday', 'mardi'],
    ['wednesday', 'mercredi'],
    ['thursday', 'jeudi'],
    ['friday', 'vendredi'],
    ['saturday', 'samedi'],
    ['sunday', 'dimanche'],
  ].map(([en, fr]) => ({ key: en!, words: [en!, `${en}s`, fr!, `${fr}s`], search: [en!, fr!] })),
];

const CONCEPT_BY_WORD = new Map<string, Concept>();
for (const concept of CONCEPTS) for (const word of concept.words) CONCEPT_BY_WORD.set(word, concept);
// "Où" folds to "ou" ("or"): only the accented spelling asks where.
const CONCEPT_BY_RAW_WORD = new Map<string, Concept>([['où', CONCEPTS.find((c) => c.key === 'where')!]]);

// Verbs and fillers that shape a question without saying what it is about, folded.
const QUESTION_FILLERS = new Set(
  list(
    'etes suis sommes avez avons ont fais fait faites faire peut peux puis pouvez pouvons dois doit devez faut',
    'veux voudrais souhaite possible get need want please tell know offer offers offrez proposez propose proposer',
    'serai sera serons serez seront long take takes',
  ),
);

function isFiller(folded: string): boolean {
  return isStopWord(folded) || QUESTION_FILLERS.has(folded);
}

function conceptOf(rawWord: string, folded: string): Concept | undefined {
  return CONCEPT_BY_RAW_WORD.get(rawWord) ?? CONCEPT_BY_WORD.get(folded);
}

/** The Snowball stems of a word in English and French, folded (a word's language is unknown). */
export function wordStems(word: string): string[] {
  const lower = word.toLowerCase();
  const stems = new Set([foldText(englishStemmer(foldText(lower))), foldText(frenchStemmer(lower))]);
  return [...stems].filter((stem) => stem !== '');
}

/**
 * One word of a text, as something to match: the keys any of which counts as the same word. A
 * concept word's first key is its `~concept`; the others are its own stems (a closer match).
 */
export interface MatchTerm {
  word: string;
  keys: string[];
}

function rawWords(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * The words of a text worth matching, each with its keys: stems, and `~concept` for a word of a
 * concept group. Function words are dropped unless they ask for a concept ("where", "combien").
 */
export function matchTerms(text: string): MatchTerm[] {
  const terms: MatchTerm[] = [];
  const seen = new Set<string>();
  for (const raw of rawWords(text)) {
    const folded = foldText(raw);
    const concept = conceptOf(raw, folded);
    if (!concept && isFiller(folded)) continue;
    const keys = concept ? [`~${concept.key}`, ...wordStems(raw)] : wordStems(raw);
    const id = keys.join('|');
    if (seen.has(id)) continue;
    seen.add(id);
    terms.push({ word: raw, keys });
  }
  return terms;
}

/** Every key of every word of a text: a sentence's side of the match. */
export function matchKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const raw of rawWords(text)) {
    const folded = foldText(raw);
    if (isFiller(folded) && !conceptOf(raw, folded)) continue;
    for (const stem of wordStems(raw)) keys.add(stem);
    const concept = conceptOf(raw, folded);
    if (concept) keys.add(`~${concept.key}`);
  }
  return keys;
}

/**
 * Extra full-text search words for a question word: its stems when they are a prefix of it
 * ("réservations" → "réserv"), its accent-free spelling, and the search prefixes of its concept
 * ("dimanche" → "sunday"), so a question finds a passage worded differently or in the other
 * language.
 */
export function searchVariants(word: string): string[] {
  const lower = word.normalize('NFC').toLowerCase();
  const folded = foldText(lower);
  const variants = new Set<string>();
  if (folded !== lower) variants.add(folded);
  for (const stem of [englishStemmer(folded), frenchStemmer(lower)]) {
    if (stem.length >= 4 && stem !== lower && (lower.startsWith(stem) || folded.startsWith(stem))) variants.add(stem);
  }
  const concept = conceptOf(lower, folded);
  if (concept) for (const prefix of concept.search) variants.add(prefix);
  variants.delete(lower);
  return [...variants];
}

/** Whether a folded word is a function word that does not ask for a concept. */
export function isPlainStopWord(rawWord: string): boolean {
  const folded = foldText(rawWord.toLowerCase());
  return isFiller(folded) && !conceptOf(rawWord.toLowerCase(), folded);
}
