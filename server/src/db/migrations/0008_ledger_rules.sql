-- The ledger's rules the database itself enforces (docs/decisions/008-ledger.md).
-- Hand-written: drizzle-kit cannot express triggers.

-- 1. A transaction's lines sum to zero. Checked at commit (a deferred constraint trigger),
--    so the lines of one transaction may be inserted one by one.
CREATE FUNCTION ledger_check_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM ledger_lines WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its lines sum to %', NEW.transaction_id, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transaction_balanced
  AFTER INSERT ON ledger_lines
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_transaction_balanced();
--> statement-breakpoint

-- 2. An account's balance is the sum of its lines, kept in the same transaction. The
--    update takes the account row's lock, and the wallet check (ledger_wallet_not_negative)
--    runs on it: two spends at once wait for each other, and the second sees the first.
CREATE FUNCTION ledger_add_line_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_line_moves_balance
  AFTER INSERT ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_add_line_to_balance();
--> statement-breakpoint

-- 3. Lines and transactions are history: never changed, never deleted.
CREATE FUNCTION ledger_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_append_only
  BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only
  BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_rewrite();
--> statement-breakpoint

-- 4. A balance changes only through lines: an account starts at zero, and only the line
--    trigger (one level down) may move it.
CREATE FUNCTION ledger_refuse_balance_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.balance <> 0)
     OR (TG_OP = 'UPDATE' AND NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2) THEN
    RAISE EXCEPTION 'a ledger balance changes only through ledger lines'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_balance_only_from_lines
  BEFORE INSERT OR UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_balance_write();
