-- Signed-in requests keep a short cache of the session check (modules/auth/session-cache.ts).
-- Whatever may end or change a session — a token used, expired or deleted, a session revoked, a
-- person changed, deactivated or deleted — tells every server instance at once: a notification on
-- channel grove_auth with the person's id ('*': anyone), after which each instance forgets that
-- person's cached sessions. Triggers, so that no code path can forget to.
CREATE OR REPLACE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    who := '*';
  ELSIF TG_TABLE_NAME = 'users' THEN
    who := coalesce(OLD.id, NEW.id)::text;
  ELSIF TG_TABLE_NAME = 'auth_sessions' THEN
    who := coalesce(OLD.user_id, NEW.user_id)::text;
  ELSE
    SELECT s.user_id::text INTO who FROM auth_sessions s WHERE s.id = coalesce(OLD.session_id, NEW.session_id);
  END IF;
  PERFORM pg_notify('grove_auth', coalesce(who, '*'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER auth_sessions_auth_notify AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER auth_tokens_auth_notify AFTER UPDATE OR DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER auth_truncate_notify AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
