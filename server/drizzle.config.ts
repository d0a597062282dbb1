import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; read the SQL before committing it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
