CREATE TABLE "supports" (
	"purchase_id" uuid PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"fan_id" text,
	"amount" bigint NOT NULL,
	"earned" bigint NOT NULL,
	"message" text,
	"message_hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supports_message_length" CHECK (char_length("supports"."message") between 1 and 280)
);
--> statement-breakpoint
ALTER TABLE "supports" ADD CONSTRAINT "supports_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supports" ADD CONSTRAINT "supports_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supports" ADD CONSTRAINT "supports_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supports_creator_newest" ON "supports" USING btree ("creator_id","created_at" DESC NULLS LAST,"purchase_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "passes_creator_newest" ON "passes" USING btree ("creator_id","created_at" DESC NULLS LAST,"fan_id" DESC NULLS LAST);--> statement-breakpoint
-- Support paid before this migration: its record without a message (none could be sent).
INSERT INTO "supports" ("purchase_id", "creator_id", "fan_id", "amount", "earned", "created_at")
SELECT "id", "creator_id", "fan_id", "amount", "amount" - "fee", coalesce("completed_at", "created_at")
FROM "purchases"
WHERE "kind" = 'support' AND "status" = 'completed' AND "creator_id" IS NOT NULL;
