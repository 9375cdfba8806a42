import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every distinct word of shops.search_text (3 to 40 characters), kept by a trigger on shops
 * (migration search_words_trigger). Typo correction looks up similar words in this small table
 * instead of comparing the typo with every shop, which keeps search fast at 100k shops.
 * Words are never removed: a stale word only yields a correction that matches nothing.
 */
export const searchWords = pgTable('search_words', { word: text().primaryKey() }, (t) => [
  index('search_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`),
]);
