-- Finding creators (docs/decisions/004-finding-creators.md). Hand-written: drizzle-kit
-- cannot express an optional extension, and neither index below is in the Drizzle schema.
--
-- pg_trgm where the database offers it (PGlite loads it in db/client.ts; PostgreSQL ships
-- it in contrib and trusts database owners to create it). A database without it, or a role
-- that may not create it, still migrates: the search service then uses its fallback.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm not installed (%): creator search uses its fallback', SQLERRM;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    -- EXECUTE: gin_trgm_ops must not be resolved where the extension is missing.
    -- The expression is the search document of creators.search.ts, character for character.
    EXECUTE $index$
      CREATE INDEX IF NOT EXISTS "users_creators_search_trgm" ON "users"
      USING gin ((lower("name" || ' ' || "username" || ' ' || coalesce("category", ''))) gin_trgm_ops)
      WHERE "role" = 'creator'
    $index$;
  END IF;
END
$$;
--> statement-breakpoint
-- Featured creators take the most recently active creators as candidates straight from here.
CREATE INDEX IF NOT EXISTS "users_creators_by_activity" ON "users" USING btree ("last_active_at" DESC, "id")
  WHERE "role" = 'creator';
