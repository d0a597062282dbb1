CREATE TABLE "item_media" (
	"item_id" text NOT NULL,
	"role" text NOT NULL,
	"media_public_id" text NOT NULL,
	CONSTRAINT "item_media_item_id_role_pk" PRIMARY KEY("item_id","role")
);
--> statement-breakpoint
ALTER TABLE "item_media" ADD CONSTRAINT "item_media_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_media" ADD CONSTRAINT "item_media_media_public_id_media_assets_public_id_fk" FOREIGN KEY ("media_public_id") REFERENCES "public"."media_assets"("public_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One upload belongs to one item, but the old columns were unique each on its own: an asset
-- used by two of them (say a post's photo and a track's cover) would fail the unique index
-- below, so the migration stops and names it rather than choose an owner.
DO $$
DECLARE shared text;
BEGIN
  SELECT string_agg(twice.public_id, ', ' ORDER BY twice.public_id) INTO shared FROM (
    SELECT used.public_id FROM (
      SELECT "media_public_id" AS public_id FROM "posts" WHERE "media_public_id" IS NOT NULL
      UNION ALL SELECT "audio_public_id" FROM "audio_tracks"
      UNION ALL SELECT "cover_public_id" FROM "audio_tracks" WHERE "cover_public_id" IS NOT NULL
    ) AS used GROUP BY used.public_id HAVING count(*) > 1
  ) AS twice;
  IF shared IS NOT NULL THEN
    RAISE EXCEPTION 'item media shared: the upload(s) % are used by more than one item or role', shared;
  END IF;
END $$;
--> statement-breakpoint
-- A photo or video post's file is its main file (a text post has none); a track's sound is
-- its main file, its picture its cover.
INSERT INTO "item_media" ("item_id", "role", "media_public_id")
SELECT "id", 'main', "media_public_id" FROM "posts" WHERE "media_public_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "item_media" ("item_id", "role", "media_public_id")
SELECT "id", 'main', "audio_public_id" FROM "audio_tracks";--> statement-breakpoint
INSERT INTO "item_media" ("item_id", "role", "media_public_id")
SELECT "id", 'cover', "cover_public_id" FROM "audio_tracks" WHERE "cover_public_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "item_media_asset" ON "item_media" USING btree ("media_public_id");--> statement-breakpoint
ALTER TABLE "audio_tracks" DROP CONSTRAINT "audio_tracks_audio_public_id_media_assets_public_id_fk";
--> statement-breakpoint
ALTER TABLE "audio_tracks" DROP CONSTRAINT "audio_tracks_cover_public_id_media_assets_public_id_fk";
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_media_public_id_media_assets_public_id_fk";
--> statement-breakpoint
DROP INDEX "audio_tracks_audio";--> statement-breakpoint
DROP INDEX "audio_tracks_cover";--> statement-breakpoint
DROP INDEX "posts_media";--> statement-breakpoint
ALTER TABLE "audio_tracks" DROP COLUMN "audio_public_id";--> statement-breakpoint
ALTER TABLE "audio_tracks" DROP COLUMN "cover_public_id";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "media_public_id";
