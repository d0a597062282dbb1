CREATE TABLE "audio_plays" (
	"audio_id" text NOT NULL,
	"listener_key" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_plays_audio_id_day_listener_key_pk" PRIMARY KEY("audio_id","day","listener_key")
);
--> statement-breakpoint
CREATE TABLE "audio_reactions" (
	"audio_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_reactions_audio_id_owner_id_pk" PRIMARY KEY("audio_id","owner_id")
);
--> statement-breakpoint
CREATE TABLE "audio_tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"title" text NOT NULL,
	"genre" text NOT NULL,
	"audio_public_id" text NOT NULL,
	"cover_public_id" text,
	"visibility" text DEFAULT 'everyone' NOT NULL,
	"price" integer,
	"plays" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_tracks_id_length" CHECK (char_length("audio_tracks"."id") = 16),
	CONSTRAINT "audio_tracks_price_only_when_paid" CHECK (("audio_tracks"."visibility" = 'pay-to-unlock') = ("audio_tracks"."price" is not null and "audio_tracks"."price" > 0))
);
--> statement-breakpoint
CREATE TABLE "podcast_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"fan_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio_plays" ADD CONSTRAINT "audio_plays_audio_id_audio_tracks_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_reactions" ADD CONSTRAINT "audio_reactions_audio_id_audio_tracks_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_reactions" ADD CONSTRAINT "audio_reactions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD CONSTRAINT "audio_tracks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD CONSTRAINT "audio_tracks_audio_public_id_media_assets_public_id_fk" FOREIGN KEY ("audio_public_id") REFERENCES "public"."media_assets"("public_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_tracks" ADD CONSTRAINT "audio_tracks_cover_public_id_media_assets_public_id_fk" FOREIGN KEY ("cover_public_id") REFERENCES "public"."media_assets"("public_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_feeds" ADD CONSTRAINT "podcast_feeds_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_feeds" ADD CONSTRAINT "podcast_feeds_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_plays_listeners" ON "audio_plays" USING btree ("audio_id","listener_key");--> statement-breakpoint
CREATE INDEX "audio_tracks_author_newest" ON "audio_tracks" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audio_tracks_genre_newest" ON "audio_tracks" USING btree ("genre","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "audio_tracks_audio" ON "audio_tracks" USING btree ("audio_public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audio_tracks_cover" ON "audio_tracks" USING btree ("cover_public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_feeds_token" ON "podcast_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_feeds_fan_creator" ON "podcast_feeds" USING btree ("fan_id","creator_id");