-- Creator search forgives one typo in a word (docs/decisions/004-finding-creators.md,
-- server/src/modules/creators/typo-keys.ts). Hand-written: drizzle-kit cannot express a
-- function, and the index below is not in the Drizzle schema.
--
-- Trigrams cannot tell a short word with one typo from an unrelated one ('mwla' is as
-- similar to 'mwila' as 'mula' is; 'bnada' to 'banda' as 'abcd' is), so each word of the
-- search document of 3 to 10 letters is also indexed with each of its letters left out
-- ('mwila' → mwila, wila, mila, mwla, mwia, mwil). A query word of 4 to 9 letters is one
-- typo from a document word (a letter missing, extra, wrong, or two swapped) when its own
-- keys (itself and itself with a letter left out) share one with the document's.
-- Longer words keep enough trigrams to survive a typo, shorter ones would match too much.
-- Words split on spaces and punctuation (the username's '@', '_' and '.'), not on letters of
-- any script; the JS side (typo-keys.ts) makes the query's keys the same way.
CREATE OR REPLACE FUNCTION "creator_search_keys"("document" text) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  "word" text;
  "keys" text[] := '{}';
BEGIN
  FOREACH "word" IN ARRAY regexp_split_to_array("document", '[[:space:][:punct:]]+') LOOP
    IF length("word") BETWEEN 3 AND 10 THEN
      "keys" := "keys" || "word";
    END IF;
    IF length("word") BETWEEN 4 AND 10 THEN
      FOR "position" IN 1 .. length("word") LOOP
        "keys" := "keys" || overlay("word" PLACING '' FROM "position" FOR 1);
      END LOOP;
    END IF;
  END LOOP;
  RETURN "keys";
END
$$;
--> statement-breakpoint
-- Over the search document of creator-search.ts, character for character (the trigram
-- index of 0004 uses the same expression). Needs no extension: both search engines use it.
-- fastupdate off: a row brings about 40 keys, and GIN's pending list of new rows, read in
-- full by every search until a vacuum merges it, made searches several times slower after
-- a burst of sign-ups; writing the keys at once costs a little on each write instead.
CREATE INDEX IF NOT EXISTS "users_creators_search_keys" ON "users"
  USING gin ("creator_search_keys"(lower("name" || ' ' || "username" || ' ' || coalesce("category", ''))))
  WITH (fastupdate = off)
  WHERE "role" = 'creator';
