import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/infra/db/client';
import { explainSearch, searchShops } from '../server/areas/platform/repoSearch';
import { round, machineParams } from './compare';
import { runWhenMain, withBenchDatabase } from './harness';
import { percentile, type BenchResult } from './types';

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
const QUERIES = 300;
const WARMUP = 30;

const OWNERS = [
  "Mario's",
  "Luca's",
  "Aroha's",
  "Priya's",
  "Sam's",
  "Nina's",
  "Kenji's",
  "Rosa's",
  "Tom's",
  'Golden',
  'Little',
  'Urban',
  'Sunny',
  'Rustic',
  'Old Town',
  'Blue Door',
  'Corner',
  'Harbour',
  'Daily',
  'Green',
];
const NOUNS = [
  'Cappuccino',
  'Espresso',
  'Latte',
  'Bakery',
  'Bistro',
  'Kitchen',
  'Cafe',
  'Grill',
  'Noodle',
  'Pizza',
  'Sushi',
  'Taco',
  'Burger',
  'Dumpling',
  'Curry',
  'Bagel',
  'Crepe',
  'Deli',
  'Roastery',
  'Teahouse',
  'Falafel',
  'Ramen',
  'Brunch',
  'Gelato',
];
const SUFFIXES = [
  'Corner',
  'Bar',
  'House',
  'Co',
  'Lab',
  'Spot',
  'Room',
  'Garden',
  'Express',
  'Hub',
  'Stop',
  'Place',
  'Shack',
  'Club',
  'Works',
  'Cart',
];
const DESCRIPTIONS = [
  'Fresh coffee and pastries',
  'Wood-fired pizza every day',
  'Handmade dumplings to go',
  'Brunch all day, great coffee',
  'Vegan bowls and smoothies',
  'Authentic ramen and gyoza',
  'Burgers, fries and shakes',
  'Artisan bread and cakes',
  'Specialty single origin beans',
  'Street tacos and churros',
  'Curries from family recipes',
  'Gelato made on site',
  'Bagels baked each morning',
  'Sushi rolls and bento boxes',
  'Breakfast, lunch and catering',
  'Falafel wraps and salads',
];
const LOCALITIES = [
  'Surry Hills',
  'Fitzroy',
  'Newtown',
  'Paddington',
  'Brunswick',
  'Fortitude Valley',
  'Glebe',
  'Subiaco',
  'Bondi Beach',
  'Manly',
  'Brooklyn',
  'Williamsburg',
  'Mission District',
  'Silver Lake',
  'Capitol Hill',
  'Wicker Park',
  'South End',
  'Georgetown',
  'Shoreditch',
  'Camden Town',
  'Brixton',
  'Northern Quarter',
  'Clifton',
  'Jericho',
  'Ponsonby',
  'Kingsland',
  'Mount Victoria',
  'Cuba Street',
  'Riccarton',
  'Dunedin North',
];

/** Surnames from syllables (24 × 20), so the word list has the size a real platform's would, not a few dozen. */
const NAME_STARTS = [
  'Mor',
  'Kow',
  'Tan',
  'Nguy',
  'Ros',
  'Bel',
  'Car',
  'Fer',
  'Gal',
  'Hal',
  'Jen',
  'Lar',
  'Mac',
  'Nak',
  'Ols',
  'Par',
  'Quin',
  'Sil',
  'Tor',
  'Van',
  'Wil',
  'Yam',
  'Zan',
  'Ash',
];
const NAME_ENDS = [
  'etti',
  'alski',
  'aka',
  'en',
  'ini',
  'son',
  'ello',
  'ari',
  'ley',
  'ton',
  'sen',
  'moto',
  'ez',
  'ard',
  'wick',
  'berg',
  'ford',
  'ucci',
  'ova',
  'ington',
];
const PLACE_ENDS = [' Park', ' Hill', ' Heights', ' Bay', ' Creek', ' Vale'];

const arr = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`);

export async function seed({ db }: Database, rows: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.42)`);
    // One statement: the whole set is generated inside PostgreSQL, so 100k rows take seconds, not minutes.
    await tx.execute(sql`
      INSERT INTO shops (name, description, locality, logo, timezone, country, listing_status, submitted_at, created_at, updated_at)
      SELECT CASE WHEN random() < 0.5 THEN o[1 + floor(random() * array_length(o, 1))::int]
                  ELSE a[1 + floor(random() * array_length(a, 1))::int] || b[1 + floor(random() * array_length(b, 1))::int] || '''s' END
               || ' ' || n[1 + floor(random() * array_length(n, 1))::int] || ' ' || s[1 + floor(random() * array_length(s, 1))::int],
             d[1 + floor(random() * array_length(d, 1))::int],
             CASE WHEN random() < 0.6 THEN l[1 + floor(random() * array_length(l, 1))::int]
                  ELSE a[1 + floor(random() * array_length(a, 1))::int] || b[1 + floor(random() * array_length(b, 1))::int]
                       || p[1 + floor(random() * array_length(p, 1))::int] END,
             jsonb_build_object('path', 'img/bench.png'),
             'Australia/Sydney', 'AU',
             (ARRAY['PUBLISHED','WAITING_FOR_REVIEW','REJECTED','UNPUBLISHED'])[1 + floor(random() * 4)::int],
             now() - (g || ' minutes')::interval,
             now() - (g || ' minutes')::interval,
             now() - (g || ' minutes')::interval
      FROM generate_series(1, ${rows}) AS g,
           (SELECT ${arr(OWNERS)} AS o, ${arr(NOUNS)} AS n, ${arr(SUFFIXES)} AS s, ${arr(DESCRIPTIONS)} AS d, ${arr(LOCALITIES)} AS l,
                   ${arr(NAME_STARTS)} AS a, ${arr(NAME_ENDS)} AS b, ${arr(PLACE_ENDS)} AS p) AS words`);
  });
  await db.execute(sql`VACUUM ANALYZE shops`);
}

/** A seeded PRNG, so every run asks the same 300 questions. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function typo(word: string, rnd: () => number): string {
  const w = word.toLowerCase();
  const i = 1 + Math.floor(rnd() * (w.length - 2));
  switch (Math.floor(rnd() * 3)) {
    case 0:
      return w.slice(0, i) + w.slice(i + 1); // dropped letter: capucino
    case 1:
      return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // swapped letters
    default:
      return w.slice(0, i) + w[i] + w.slice(i); // doubled letter
  }
}

export function benchQueries(n = QUERIES): string[] {
  const rnd = prng(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const surname = () => pick(NAME_STARTS) + pick(NAME_ENDS);
  const words = [...NOUNS, ...SUFFIXES, ...OWNERS.map((o) => o.replace(/'s$/, ''))].filter((w) => w.length >= 4);
  const out: string[] = ['capucino', 'cappuccino corner'];
  while (out.length < n) {
    switch (out.length % 8) {
      case 0:
        out.push(pick(words).toLowerCase());
        break;
      case 6:
        out.push(surname().toLowerCase()); // a shop by its owner's name
        break;
      case 7:
        out.push(`${typo(surname(), rnd)} ${pick(NOUNS).toLowerCase()}`);
        break;
      case 1:
        out.push(typo(pick(words), rnd));
        break;
      case 2: {
        const w = pick(words);
        out.push(w.slice(0, 3 + Math.floor(rnd() * Math.max(1, w.length - 3))).toLowerCase()); // typing in progress
        break;
      }
      case 3:
        out.push(`${pick(NOUNS)} ${pick(SUFFIXES)}`.toLowerCase());
        break;
      case 4:
        out.push(pick(LOCALITIES).toLowerCase());
        break;
      default:
        out.push(typo(pick(LOCALITIES).split(' ')[0], rnd));
    }
  }
  return out;
}

/** Whether the planner answers a typical query from the trigram index (not a sequential scan). */
async function usesIndex(db: Database['db'], q: string): Promise<boolean> {
  const plan = await explainSearch(db, q);
  return plan.includes('shops_search_trgm') && !plan.includes('Seq Scan on shops');
}

export async function run(): Promise<BenchResult> {
  const setupStart = performance.now();
  return withBenchDatabase(2, async ({ bench, database }) => {
    const seedStart = performance.now();
    await seed(database, ROWS);
    const seedMs = performance.now() - seedStart;
    const setupMs = performance.now() - setupStart;

    const queries = benchQueries();
    for (const q of queries.slice(0, WARMUP)) await searchShops(database.db, q);
    const times: number[] = [];
    let hits = 0;
    let empty = 0;
    for (const q of queries) {
      const t0 = performance.now();
      const rows = await searchShops(database.db, q);
      times.push(performance.now() - t0);
      hits += rows.length;
      if (rows.length === 0) empty++;
    }
    // Two more passes: the best of three per query shows the query's own cost when other processes
    // share the CPU (a descheduled process adds its wait to a single timing); the first pass is the headline.
    const best = [...times];
    for (let pass = 0; pass < 2; pass++) {
      for (const [i, q] of queries.entries()) {
        const t0 = performance.now();
        await searchShops(database.db, q);
        best[i] = Math.min(best[i], performance.now() - t0);
      }
    }
    const bestSorted = [...best].sort((a, b) => a - b);
    const capucino = await searchShops(database.db, 'capucino');
    const lexicon = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM search_words`);
    const sorted = [...times].sort((a, b) => a - b);
    return {
      name: 'shop-search',
      params: {
        rows: ROWS,
        queries: queries.length,
        warmup: WARMUP,
        limit: 20,
        ...machineParams(bench.source),
      },
      metrics: {
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted[sorted.length - 1]),
        mean: round(times.reduce((a, b) => a + b, 0) / times.length),
        bestOf3P50: round(percentile(bestSorted, 50)),
        bestOf3P95: round(percentile(bestSorted, 95)),
        bestOf3P99: round(percentile(bestSorted, 99)),
        avgResults: round(hits / queries.length),
        emptyResults: empty,
        capucinoFindsCappuccino: capucino.some((r) => /cappuccino/i.test(r.name)) ? 1 : 0,
        trigramIndexUsed: (await usesIndex(database.db, 'capucino')) ? 1 : 0,
        lexiconWords: lexicon.rows[0].n,
        seedSeconds: round(seedMs / 1000),
        setupSeconds: round(setupMs / 1000),
      },
      unit: 'ms',
    };
  });
}

runWhenMain(import.meta.url, run);
