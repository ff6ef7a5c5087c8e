-- A change to a session or a staff member tells every server process, so each drops the sessions it
-- remembers (ADR 0020). One notice per statement: the payload only names the table, and a process
-- forgets everything it holds on any notice.
CREATE FUNCTION "loupe_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('loupe_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "loupe_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "staff_users_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "staff_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "loupe_auth_changed"();
