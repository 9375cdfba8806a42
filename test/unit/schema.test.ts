import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { schema } from '../../server/schema';

const AREAS = path.resolve(import.meta.dirname, '../../server/areas');

describe('the drizzle schema built from the areas', () => {
  it('holds every table of every area’s tables.ts (what drizzle.config.ts generates migrations from)', async () => {
    const built = new Set(Object.values(schema));
    const files = fs.readdirSync(AREAS).filter((area) => fs.existsSync(path.join(AREAS, area, 'tables.ts')));
    expect(files.length).toBeGreaterThan(0);
    for (const area of files) {
      const tables = Object.entries(await import(path.join(AREAS, area, 'tables.ts'))).filter(([, t]) => is(t, PgTable));
      for (const [name, table] of tables) expect(built.has(table), `${area}/tables.ts ${name}`).toBe(true);
    }
  });
});
