CREATE TABLE "pass_prices" (
	"creator_id" text NOT NULL,
	"period" text NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pass_prices_creator_id_period_pk" PRIMARY KEY("creator_id","period"),
	CONSTRAINT "pass_prices_price_positive" CHECK ("pass_prices"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "pass_prices" ADD CONSTRAINT "pass_prices_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The single price users held moves to pass_prices. Only 'monthly' is a pass period: no route ever
-- wrote 'yearly' (the demo seed wrote monthly prices only), and a price is never made up for one.
INSERT INTO "pass_prices" ("creator_id", "period", "price")
SELECT "id", 'monthly', "pricing_price" FROM "users"
WHERE "pricing_period" = 'monthly' AND "pricing_price" > 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pricing_period";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pricing_price";