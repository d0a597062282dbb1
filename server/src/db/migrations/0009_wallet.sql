CREATE TABLE "deposits" (
	"deposit_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'INITIATED' NOT NULL,
	"requested_amount" bigint NOT NULL,
	"deposited_amount" bigint,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"correspondent" text NOT NULL,
	"payer_phone" text NOT NULL,
	"customer_timestamp" text NOT NULL,
	"statement_description" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"provider_created_at" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "deposits_requested_positive" CHECK ("deposits"."requested_amount" > 0),
	CONSTRAINT "deposits_completed_has_amount" CHECK ("deposits"."status" <> 'COMPLETED' or "deposits"."deposited_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"is_preferred" boolean DEFAULT false NOT NULL,
	"correspondent" text,
	"phone" text,
	"card_token" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"card_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_shape" CHECK (("payment_methods"."type" = 'mobile-money' and "payment_methods"."phone" is not null and "payment_methods"."correspondent" is not null and "payment_methods"."card_token" is null)
       or ("payment_methods"."type" = 'card' and "payment_methods"."card_token" is not null and "payment_methods"."card_last4" is not null and "payment_methods"."phone" is null))
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_user_newest" ON "deposits" USING btree ("user_id","created_at" DESC NULLS LAST,"deposit_id");--> statement-breakpoint
CREATE INDEX "deposits_unsettled" ON "deposits" USING btree ("checked_at") WHERE "deposits"."status" in ('INITIATED', 'ACCEPTED', 'SUBMITTED');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_preferred" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_preferred";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_phone_once" ON "payment_methods" USING btree ("user_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_card_once" ON "payment_methods" USING btree ("user_id","card_fingerprint");