import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The infrastructure's tables and each area's own (server/schema.ts builds the same schema from the list of areas).
  schema: ['./server/infra/db/tables/index.ts', './server/areas/*/tables.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
