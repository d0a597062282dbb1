CREATE TABLE "video_daily_stats" (
	"item_id" text NOT NULL,
	"day" date NOT NULL,
	"watch_seconds" bigint DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_daily_stats_item_id_day_pk" PRIMARY KEY("item_id","day")
);
--> statement-breakpoint
CREATE TABLE "video_watch_days" (
	"item_id" text NOT NULL,
	"day" date NOT NULL,
	"viewer_key" text NOT NULL,
	"watched_seconds" real DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "video_watch_days_item_id_day_viewer_key_pk" PRIMARY KEY("item_id","day","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "video_watch_positions" (
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"position_seconds" real NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_watch_positions_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_daily_stats" ADD CONSTRAINT "video_daily_stats_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch_days" ADD CONSTRAINT "video_watch_days_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch_positions" ADD CONSTRAINT "video_watch_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch_positions" ADD CONSTRAINT "video_watch_positions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_item" FOREIGN KEY ("id","author_id","created_at") REFERENCES "public"."items"("id","creator_id","created_at") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "videos_author_newest" ON "videos" USING btree ("author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);