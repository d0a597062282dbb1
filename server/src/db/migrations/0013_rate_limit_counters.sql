CREATE TABLE "rate_limit_counters" (
	"limiter" text NOT NULL,
	"key_hash" text NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_limiter_key_hash_pk" PRIMARY KEY("limiter","key_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_at" ON "rate_limit_counters" USING btree ("window_ends_at");