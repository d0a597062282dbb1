-- Issue 25: reactions and views are the catalogue's, once. post_reactions and audio_reactions
-- become item_reactions; audio_plays becomes item_views; a track's running play count moves
-- to items.views. Rows move as they are (the ids are the items' ids).
CREATE TABLE "item_reactions" (
	"item_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_reactions_item_id_owner_id_pk" PRIMARY KEY("item_id","owner_id")
);
--> statement-breakpoint
CREATE TABLE "item_views" (
	"item_id" text NOT NULL,
	"viewer_key" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_views_item_id_day_viewer_key_pk" PRIMARY KEY("item_id","day","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO "item_reactions" ("item_id", "owner_id", "kind", "created_at")
  SELECT "post_id", "owner_id", "kind", "created_at" FROM "post_reactions"
  UNION ALL
  SELECT "audio_id", "owner_id", "kind", "created_at" FROM "audio_reactions";--> statement-breakpoint
INSERT INTO "item_views" ("item_id", "viewer_key", "day", "created_at")
  SELECT "audio_id", "listener_key", "day", "created_at" FROM "audio_plays";--> statement-breakpoint
UPDATE "items" SET "views" = "audio_tracks"."plays"
  FROM "audio_tracks" WHERE "audio_tracks"."id" = "items"."id" AND "audio_tracks"."plays" <> 0;--> statement-breakpoint
ALTER TABLE "item_reactions" ADD CONSTRAINT "item_reactions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reactions" ADD CONSTRAINT "item_reactions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_views" ADD CONSTRAINT "item_views_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_reactions_newest" ON "item_reactions" USING btree ("item_id","created_at" DESC NULLS LAST,"owner_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_views_viewers" ON "item_views" USING btree ("item_id","viewer_key");--> statement-breakpoint
DROP TABLE "audio_plays";--> statement-breakpoint
DROP TABLE "audio_reactions";--> statement-breakpoint
DROP TABLE "post_reactions";--> statement-breakpoint
ALTER TABLE "audio_tracks" DROP COLUMN "plays";
