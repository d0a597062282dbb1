CREATE TABLE "card_sandbox_charges" (
	"charge_id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"card_fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "card_sandbox_charges_amount_positive" CHECK ("card_sandbox_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "card_topups" (
	"topup_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"card_token" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"charge_id" text,
	"challenge_url" text,
	"return_path" text,
	"failure_code" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "card_topups_amount_positive" CHECK ("card_topups"."amount" > 0),
	CONSTRAINT "card_topups_failed_has_code" CHECK (("card_topups"."status" = 'failed') = ("card_topups"."failure_code" is not null))
);
--> statement-breakpoint
ALTER TABLE "card_topups" ADD CONSTRAINT "card_topups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_sandbox_charges_idempotency_key" ON "card_sandbox_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "card_topups_user_newest" ON "card_topups" USING btree ("user_id","created_at" DESC NULLS LAST,"topup_id");--> statement-breakpoint
CREATE INDEX "card_topups_open" ON "card_topups" USING btree ("checked_at") WHERE "card_topups"."status" in ('processing', 'requires-action');