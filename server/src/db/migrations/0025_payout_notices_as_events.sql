-- The mail at a payout's end is now the 'mail-the-creator' subscriber of the payout.settled
-- event (decision 024): a 'payout-notice' job still waiting when this version starts becomes
-- that subscriber's delivery, with the event's payload, so no creator misses the mail.
UPDATE "jobs"
SET "kind" = 'payout.settled:mail-the-creator',
  "payload" = jsonb_build_object(
    'payoutId', "payouts"."payout_id"::text,
    'creatorId', "payouts"."user_id",
    'status', "payouts"."status",
    'amount', "payouts"."amount",
    'isAutomatic', "payouts"."is_automatic"
  ),
  "updated_at" = now()
FROM "payouts"
WHERE "jobs"."kind" = 'payout-notice'
  AND "jobs"."status" IN ('queued', 'running')
  AND "payouts"."payout_id"::text = "jobs"."payload"->>'payoutId'
  AND "payouts"."status" IN ('COMPLETED', 'FAILED', 'REJECTED');
