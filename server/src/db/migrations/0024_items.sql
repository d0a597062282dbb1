-- The catalogue (issue 25, decision 023): one items row per post and audio track, which keep
-- only their own fields; whatever points at an item gets a foreign key to it.
CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"creator_id" text NOT NULL,
	"visibility" text DEFAULT 'everyone' NOT NULL,
	"price" integer,
	"status" text DEFAULT 'published' NOT NULL,
	"parent_id" text,
	"position" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "items_identity" UNIQUE("id","creator_id","created_at"),
	CONSTRAINT "items_id_length" CHECK (char_length("items"."id") = 16),
	CONSTRAINT "items_price_only_when_paid" CHECK (("items"."visibility" = 'pay-to-unlock') = ("items"."price" is not null and "items"."price" > 0)),
	CONSTRAINT "items_position_with_parent" CHECK (("items"."parent_id" is null) = ("items"."position" is null))
);
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_parent_id_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Posts and tracks were made with ids of the same alphabet and length: one id used by both
-- would make two items of one id, so the migration stops and names them rather than guess.
DO $$
DECLARE collided text;
BEGIN
  SELECT string_agg(p.id, ', ') INTO collided FROM "posts" p JOIN "audio_tracks" t ON t.id = p.id;
  IF collided IS NOT NULL THEN
    RAISE EXCEPTION 'item ids collide: a post and an audio track share the id(s) %', collided;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO "items" ("id", "kind", "creator_id", "visibility", "price", "status", "created_at", "published_at")
SELECT "id", 'post', "author_id", "visibility", "price", 'published', "created_at", "created_at" FROM "posts";
--> statement-breakpoint
INSERT INTO "items" ("id", "kind", "creator_id", "visibility", "price", "status", "created_at", "published_at")
SELECT "id", 'audio', "author_id", "visibility", "price", 'published', "created_at", "created_at" FROM "audio_tracks";
--> statement-breakpoint
ALTER TABLE "audio_tracks" DROP CONSTRAINT "audio_tracks_id_length";--> statement-breakpoint
ALTER TABLE "audio_tracks" DROP CONSTRAINT "audio_tracks_price_only_when_paid";--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_id_length";--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_price_only_when_paid";--> statement-breakpoint
DROP INDEX "posts_public_newest";--> statement-breakpoint
ALTER TABLE "audio_tracks" DROP COLUMN "visibility";--> statement-breakpoint
ALTER TABLE "audio_tracks" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "visibility";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD CONSTRAINT "audio_tracks_item" FOREIGN KEY ("id","author_id","created_at") REFERENCES "public"."items"("id","creator_id","created_at") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_item" FOREIGN KEY ("id","author_id","created_at") REFERENCES "public"."items"("id","creator_id","created_at") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "post_tips" DROP CONSTRAINT "post_tips_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_tips" ADD CONSTRAINT "post_tips_post_id_items_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Unlocks named their item by type and id, with no key: those of items deleted since go now,
-- as every unlock will with its item.
DELETE FROM "unlocks" u WHERE NOT EXISTS (SELECT 1 FROM "items" i WHERE i.id = u.item_id AND i.kind = u.item_type);--> statement-breakpoint
ALTER TABLE "unlocks" DROP CONSTRAINT "unlocks_fan_id_item_type_item_id_pk";--> statement-breakpoint
ALTER TABLE "unlocks" DROP COLUMN "item_type";--> statement-breakpoint
ALTER TABLE "unlocks" ADD CONSTRAINT "unlocks_fan_id_item_id_pk" PRIMARY KEY("fan_id","item_id");--> statement-breakpoint
ALTER TABLE "unlocks" ADD CONSTRAINT "unlocks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Per-item earnings named their item as 'post:<id>' or 'audio:<id>'; those of deleted items
-- go (what they earned stays in the day's rollup, creator_earnings_daily).
ALTER TABLE "creator_item_earnings" ADD COLUMN "item_id" text;--> statement-breakpoint
UPDATE "creator_item_earnings" SET "item_id" = substr("item_key", strpos("item_key", ':') + 1);--> statement-breakpoint
DELETE FROM "creator_item_earnings" e WHERE NOT EXISTS (SELECT 1 FROM "items" i WHERE i.id = e.item_id);--> statement-breakpoint
ALTER TABLE "creator_item_earnings" ALTER COLUMN "item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_item_earnings" DROP CONSTRAINT "creator_item_earnings_creator_id_item_key_pk";--> statement-breakpoint
ALTER TABLE "creator_item_earnings" DROP COLUMN "item_key";--> statement-breakpoint
ALTER TABLE "creator_item_earnings" ADD CONSTRAINT "creator_item_earnings_creator_id_item_id_pk" PRIMARY KEY("creator_id","item_id");--> statement-breakpoint
ALTER TABLE "creator_item_earnings" ADD CONSTRAINT "creator_item_earnings_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_creator_newest" ON "items" USING btree ("creator_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_public_newest" ON "items" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."visibility" = 'everyone' and "items"."status" = 'published';--> statement-breakpoint
CREATE INDEX "items_parent_position" ON "items" USING btree ("parent_id","position") WHERE "items"."parent_id" is not null;
