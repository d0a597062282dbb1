CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fan_id" text,
	"creator_id" text,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_fingerprint" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text NOT NULL,
	"funding" text NOT NULL,
	"awaited_topup_id" uuid,
	"failure_reason" text,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "purchases_amount_positive" CHECK ("purchases"."amount" > 0),
	CONSTRAINT "purchases_fee_within_amount" CHECK ("purchases"."fee" >= 0 and "purchases"."fee" < "purchases"."amount")
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_fan_newest" ON "purchases" USING btree ("fan_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchases_creator_newest" ON "purchases" USING btree ("creator_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchases_awaited_topup" ON "purchases" USING btree ("awaited_topup_id") WHERE "purchases"."status" = 'awaiting-payment';