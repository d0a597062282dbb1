CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_reservations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upload_reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lane" text DEFAULT 'fast' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_reservations" ADD CONSTRAINT "upload_reservations_instance_id_server_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."server_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_reservations_owner" ON "upload_reservations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "jobs_lane_account_started" ON "jobs" USING btree ("lane","account_id","started_at");--> statement-breakpoint
-- Hand-written: the jobs queued before lanes existed go to the lane of their media's kind
-- (a video or audio file to 'heavy'), under their upload's owner.
UPDATE "jobs" SET
  "lane" = CASE WHEN "media_assets"."kind" = 'image' THEN 'fast' ELSE 'heavy' END,
  "account_id" = "media_assets"."owner_id"
FROM "media_assets"
WHERE "jobs"."kind" = 'process-media' AND "media_assets"."public_id" = "jobs"."payload"->>'publicId';
