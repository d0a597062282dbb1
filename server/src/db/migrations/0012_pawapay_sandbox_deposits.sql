CREATE TABLE "pawapay_sandbox_deposits" (
	"deposit_id" text PRIMARY KEY NOT NULL,
	"accepted" jsonb NOT NULL,
	"final_report" jsonb,
	"submitted_at" timestamp with time zone NOT NULL,
	"final_at" timestamp with time zone,
	"callback_delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pawapay_sandbox_deposits_callback_due" ON "pawapay_sandbox_deposits" USING btree ("final_at") WHERE "pawapay_sandbox_deposits"."final_at" is not null and "pawapay_sandbox_deposits"."callback_delivered_at" is null;