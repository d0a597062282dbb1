CREATE TABLE "pawapay_sandbox_payouts" (
	"payout_id" text PRIMARY KEY NOT NULL,
	"accepted" jsonb NOT NULL,
	"final_report" jsonb,
	"is_enqueued" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"final_at" timestamp with time zone,
	"callback_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_payout_runs" (
	"creator_id" text NOT NULL,
	"day" date NOT NULL,
	"payout_id" uuid,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_payout_runs_creator_id_day_pk" PRIMARY KEY("creator_id","day")
);
--> statement-breakpoint
CREATE TABLE "creator_earnings_daily" (
	"creator_id" text NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_earnings_daily_creator_id_day_source_pk" PRIMARY KEY("creator_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "creator_item_earnings" (
	"creator_id" text NOT NULL,
	"item_key" text NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"last_earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_item_earnings_creator_id_item_key_pk" PRIMARY KEY("creator_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"payout_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"correspondent" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"customer_timestamp" text NOT NULL,
	"statement_description" text NOT NULL,
	"is_automatic" boolean DEFAULT false NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"provider_created_at" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_wallet_not_negative";--> statement-breakpoint
ALTER TABLE "auto_payout_runs" ADD CONSTRAINT "auto_payout_runs_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_earnings_daily" ADD CONSTRAINT "creator_earnings_daily_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_item_earnings" ADD CONSTRAINT "creator_item_earnings_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pawapay_sandbox_payouts_callback_due" ON "pawapay_sandbox_payouts" USING btree ("final_at") WHERE "pawapay_sandbox_payouts"."final_at" is not null and "pawapay_sandbox_payouts"."callback_delivered_at" is null;--> statement-breakpoint
CREATE INDEX "creator_item_earnings_top" ON "creator_item_earnings" USING btree ("creator_id","earned" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_user_newest" ON "payouts" USING btree ("user_id","created_at" DESC NULLS LAST,"payout_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_unsettled" ON "payouts" USING btree ("checked_at") WHERE "payouts"."status" in ('INITIATED', 'ACCEPTED', 'ENQUEUED', 'SUBMITTED');--> statement-breakpoint
CREATE INDEX "purchases_creator_card_completed" ON "purchases" USING btree ("creator_id","completed_at") WHERE "purchases"."funding" = 'card' and "purchases"."status" = 'completed';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_balance_not_negative" CHECK ("ledger_accounts"."kind" not in ('wallet', 'earnings') or "ledger_accounts"."balance" >= 0);--> statement-breakpoint
-- Hand-written: the rollups start from the purchases already completed (a pass bought by a
-- fan who had bought one from the creator before counts as a renewal).
INSERT INTO "creator_earnings_daily" ("creator_id", "day", "source", "earned", "purchases", "renewals")
SELECT "creator_id", ("completed_at" at time zone 'UTC')::date, "kind", sum("amount" - "fee"), count(*), count(*) FILTER (WHERE "is_renewal")
FROM (
  SELECT *, "kind" = 'pass' AND "fan_id" IS NOT NULL AND row_number() OVER (PARTITION BY "fan_id", "creator_id", "kind" ORDER BY "completed_at") > 1 AS "is_renewal"
  FROM "purchases"
  WHERE "status" = 'completed' AND "creator_id" IS NOT NULL AND "completed_at" IS NOT NULL
) AS "completed"
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "creator_item_earnings" ("creator_id", "item_key", "earned", "purchases", "last_earned_at")
SELECT "creator_id", 'post:' || coalesce("details"->>'itemId', "details"->>'postId'), sum("amount" - "fee"), count(*), max("completed_at")
FROM "purchases"
WHERE "status" = 'completed' AND "creator_id" IS NOT NULL AND "completed_at" IS NOT NULL
  AND "kind" IN ('unlock', 'tip') AND coalesce("details"->>'itemId', "details"->>'postId') IS NOT NULL
GROUP BY 1, 2;
