-- Bulk ingest at tens of thousands of signals a second (issue 8). Each of these was measured per signal
-- on PostgreSQL (backend CPU, tooling/bench intent section):
-- * Import content keys move to `intent_import_keys`: a 16-byte uuid (the signal's hour, then a hash)
--   instead of ~40 characters of text compared by collation; client ids stay in `intent_signal_keys`.
-- * `signals` loses its foreign key (a lookup and a row lock on `companies` per signal) and its
--   (company, topic, time) index (nothing reads raw signals by it: queries read the aggregates and
--   `intent_rebuild` reads the whole table). Writers resolve companies first; the statement trigger
--   below checks each statement's distinct companies at once, and deleting companies still deletes
--   their signals and aggregates, by the trigger on `companies` further down.
-- * `intent_signal_weeks` loses its foreign key (its rows come only from checked signals) and the
--   (week, score) index: surging weeks are read through the partial index of 0007, one topic at any
--   score through (topic, week, score); each index costs every merged row.
CREATE TABLE "intent_import_keys" (
	"key" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signals" DROP CONSTRAINT "signals_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "intent_signal_weeks" DROP CONSTRAINT "intent_signal_weeks_company_id_companies_id_fk";
--> statement-breakpoint
DROP INDEX "signals_company_topic_time_idx";--> statement-breakpoint
DROP INDEX "intent_signal_weeks_week_score_idx";--> statement-breakpoint
-- The foreign key's check, once per statement: one probe per distinct company instead of a lookup and a
-- row lock per signal. Named to fire before `signals_intent_insert` (statement triggers fire by name).
CREATE OR REPLACE FUNCTION signals_check_companies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE missing text;
BEGIN
  SELECT n.company_id INTO missing FROM (SELECT DISTINCT company_id FROM new_signals) n
  WHERE NOT EXISTS (SELECT 1 FROM companies c WHERE c.id = n.company_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE foreign_key_violation USING MESSAGE = format('signals: no company has the id %s', missing);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER signals_check_companies AFTER INSERT ON signals
  REFERENCING NEW TABLE AS new_signals FOR EACH STATEMENT EXECUTE FUNCTION signals_check_companies();--> statement-breakpoint
-- The foreign keys' ON DELETE CASCADE, per statement. The lock waits for transactions inserting signals
-- and holds new ones until this delete commits: a signal committed meanwhile is deleted below (each
-- statement here reads what committed before it), one inserted after fails the check above. Parked
-- sums go before the aggregates: a merge that took them has committed its rows by then.
CREATE OR REPLACE FUNCTION companies_intent_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE signals IN SHARE MODE;
  DELETE FROM signals WHERE company_id IN (SELECT id FROM old_companies);
  DELETE FROM intent_pending_weeks WHERE company_id IN (SELECT id FROM old_companies);
  DELETE FROM intent_signal_weeks WHERE company_id IN (SELECT id FROM old_companies);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_intent_delete AFTER DELETE ON companies
  REFERENCING OLD TABLE AS old_companies FOR EACH STATEMENT EXECUTE FUNCTION companies_intent_deleted();
--> statement-breakpoint
-- One merge at a time: an import merges on a second connection while its next batches load, and two
-- merges of the same company-topic would each score from a history without the other's volumes. The
-- body is 0007's; each of its statements reads what committed before it, so after the lock.
ALTER FUNCTION intent_merge_pending() RENAME TO intent_merge_pending_unlocked;--> statement-breakpoint
CREATE OR REPLACE FUNCTION intent_merge_pending() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('intent_merge_pending'));
  RETURN intent_merge_pending_unlocked();
END
$$;
