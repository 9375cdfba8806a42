import { sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../infra/db/list';
import type { Db } from '../../infra/db/client';
import { shops } from '../../infra/db/tables';

export const SEARCH_LIMIT_DEFAULT = 20;
const SEARCH_QUERY_MAX = 100;
/** At most this many matching shops are ranked; a query as broad as "cafe" ranks a sample rather than every cafe. */
const SEARCH_CANDIDATES = 500;
const MAX_WORDS = 6;
const CORRECTIONS_PER_WORD = 3;

/** Lower-cased, single-spaced and bounded, so the query and its trigrams stay small. */
function normaliseQuery(q: string): string {
  return q.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, SEARCH_QUERY_MAX);
}

/** Splits like the search_words trigger does (on spaces and punctuation). */
function queryWords(q: string): string[] {
  return [...new Set(q.split(/[\s\p{P}\p{S}]+/u).filter(Boolean))].slice(0, MAX_WORDS);
}

const contains = (s: string) => `%${escapeLike(s)}%`;

/**
 * For each query word, the spellings to look for: the word itself, plus (when no shop has it)
 * up to three similar known words from the search_words lexicon (search_word_corrections, migration 0003),
 * e.g. capucino → cappuccino, conrer → corner.
 */
async function spellings(db: Pick<Db, 'execute'>, words: string[]): Promise<string[][]> {
  const fuzzy = words.filter((w) => w.length >= 3);
  if (!fuzzy.length) return words.map((w) => [w]);
  const list = sql.join(
    fuzzy.map((w) => sql`(${w}, ${contains(w)})`),
    sql`, `,
  );
  const res = await db.execute<{ input: string; known: boolean; similar: string[] }>(sql`
    SELECT w.word AS input,
           EXISTS (SELECT 1 FROM search_words s WHERE s.word LIKE w.pattern) AS known,
           search_word_corrections(w.word, ${CORRECTIONS_PER_WORD}) AS similar
    FROM (VALUES ${list}) AS w(word, pattern)`);
  const byWord = new Map(res.rows.map((r) => [r.input, r.known ? [] : r.similar]));
  return words.map((w) => [w, ...(byWord.get(w) ?? []).filter((s) => s !== w)]);
}

/**
 * The ranking statement: `id` and rank keys of the best `limit` shops for `q` (see searchShops).
 * The matching sets are MATERIALIZED CTEs read through an outer LIMIT: PostgreSQL plans a CTE for all its
 * rows (so it picks the trigram index and a bitmap heap scan, not a sequential scan hoping to stop early,
 * which it prices far too cheaply for LIKE), and still stops reading once the LIMIT is met.
 */
function rankingQuery(q: string, words: string[], alternatives: string[][], limit: number): SQL {
  const whole = contains(q);
  const anyOf = (options: string[]): SQL =>
    sql`(${sql.join(
      options.map((o) => sql`search_text LIKE ${contains(o)}`),
      sql` OR `,
    )})`;
  // Words under 3 letters have no trigrams: the index would read all of itself for them, so only longer words filter.
  const filtering = alternatives.filter((_, i) => words[i].length >= 3);
  // How far down each word's spellings (as typed, best correction, next...) a shop matched; 0 when all as typed.
  const misses = filtering.length
    ? sql.join(
        filtering.map(
          (options) =>
            sql`CASE ${sql.join(
              options.map((o, i) => sql`WHEN search_text LIKE ${contains(o)} THEN ${sql.raw(String(i))}`),
              sql` `,
            )} ELSE ${sql.raw(String(options.length))} END`,
        ),
        sql` + `,
      )
    : sql`0`;
  const wordsBranch = filtering.length > 0 && (words.length > 1 || filtering.some((a) => a.length > 1));
  const candidates = wordsBranch
    ? sql`
    words_all AS MATERIALIZED (SELECT id, name, search_text FROM shops WHERE ${sql.join(filtering.map(anyOf), sql` AND `)}),
    words AS (SELECT * FROM words_all WHERE (SELECT count(*) FROM whole) < ${limit} LIMIT ${SEARCH_CANDIDATES}),
    candidates AS (SELECT * FROM whole UNION SELECT * FROM words)`
    : sql`
    candidates AS (SELECT * FROM whole)`;
  return sql`
    WITH whole_all AS MATERIALIZED (SELECT id, name, search_text FROM shops WHERE search_text LIKE ${whole}),
    whole AS (SELECT * FROM whole_all LIMIT ${SEARCH_CANDIDATES}),${candidates}
    SELECT id, CASE
        WHEN lower(name) = ${q} THEN 0
        WHEN lower(name) LIKE ${`${escapeLike(q)}%`} THEN 1
        WHEN lower(name) LIKE ${whole} THEN 2
        WHEN search_text LIKE ${whole} THEN 3
        ELSE 4
      END AS tier, ${misses} AS misses, length(name) AS len, lower(name) AS lname
    FROM candidates
    ORDER BY tier, misses, len, lname, id
    LIMIT ${limit}`;
}

async function prepare(db: Pick<Db, 'execute'>, query: string) {
  const q = normaliseQuery(query);
  const words = queryWords(q);
  const alternatives = words.length ? await spellings(db, words) : [];
  return { q, words, alternatives };
}

/**
 * Typo-tolerant shop search over the generated column shops.search_text (name, description, locality),
 * answered from the GIN trigram index shops_search_trgm:
 *  1. shops containing the whole query;
 *  2. when those are fewer than `limit`: shops containing every word, each as typed or as a correction
 *     from the lexicon ('capucino corner' finds 'Cappuccino Corner').
 * Ranked by exact name, name prefix, name contains, text contains, then words as typed before corrections
 * (the closer correction first), then shorter names.
 * Only cheap comparisons run per matching row; pg_trgm similarity runs on the small lexicon only.
 * Two round trips: the spellings, then the ranked shops.
 * The route and bench/search.ts both call this, so the benchmark measures what users get.
 */
export async function searchShops(db: Db, query: string, limit = SEARCH_LIMIT_DEFAULT) {
  const { q, words, alternatives } = await prepare(db, query);
  if (!q) return [];
  const ranked = sql`(${rankingQuery(q, words, alternatives, limit)}) AS ranked`;
  const rows = await db
    .select({ shop: shops })
    .from(shops)
    .innerJoin(ranked, sql`ranked.id = ${shops.id}`)
    .orderBy(sql`ranked.tier, ranked.misses, ranked.len, ranked.lname, ranked.id`);
  return rows.map((r) => r.shop);
}

/** The plan PostgreSQL chooses for a search (tests and the benchmark check it uses the trigram index). */
export async function explainSearch(db: Pick<Db, 'execute'>, query: string, limit = SEARCH_LIMIT_DEFAULT): Promise<string> {
  const { q, words, alternatives } = await prepare(db, query);
  const res = await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${rankingQuery(q, words, alternatives, limit)}`);
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
}
