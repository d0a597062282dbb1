CREATE TABLE "passes" (
	"fan_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"period" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_auto_renew" boolean DEFAULT false NOT NULL,
	"reminded_for_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passes_fan_id_creator_id_pk" PRIMARY KEY("fan_id","creator_id")
);
--> statement-breakpoint
CREATE TABLE "post_tips" (
	"purchase_id" uuid PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"fan_id" text,
	"tip_name" text NOT NULL,
	"emoji" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unlocks" (
	"fan_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"purchase_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unlocks_fan_id_item_type_item_id_pk" PRIMARY KEY("fan_id","item_type","item_id")
);
--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tips" ADD CONSTRAINT "post_tips_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tips" ADD CONSTRAINT "post_tips_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlocks" ADD CONSTRAINT "unlocks_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passes_creator" ON "passes" USING btree ("creator_id","expires_at");--> statement-breakpoint
CREATE INDEX "passes_expiring" ON "passes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "post_tips_post_newest" ON "post_tips" USING btree ("post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "unlocks_fan_newest" ON "unlocks" USING btree ("fan_id","created_at" DESC NULLS LAST);