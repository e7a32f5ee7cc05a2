-- profiles.listed and profiles.last_active_at follow the account by trigger, so no code path that
-- changes an account (activation, invisible mode, deletion, reactivation, ban) can forget them.
CREATE OR REPLACE FUNCTION vonk_profile_listed(p_status text, u_invisible boolean, u_deleted timestamptz, u_status text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_status = 'active' AND NOT u_invisible AND u_deleted IS NULL AND u_status <> 'banned'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vonk_users_sync_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles p
     SET listed = vonk_profile_listed(p.status, NEW.invisible, NEW.deleted_at, NEW.status),
         last_active_at = NEW.last_active_at
   WHERE p.user_id = NEW.id
     AND (p.listed IS DISTINCT FROM vonk_profile_listed(p.status, NEW.invisible, NEW.deleted_at, NEW.status)
          OR p.last_active_at IS DISTINCT FROM NEW.last_active_at);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_sync_profile AFTER UPDATE OF invisible, deleted_at, status, last_active_at ON users
  FOR EACH ROW EXECUTE FUNCTION vonk_users_sync_profile();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vonk_profiles_set_listed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE u users%ROWTYPE;
BEGIN
  SELECT * INTO u FROM users WHERE id = NEW.user_id;
  NEW.listed := vonk_profile_listed(NEW.status, u.invisible, u.deleted_at, u.status);
  NEW.last_active_at := u.last_active_at;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_set_listed BEFORE INSERT OR UPDATE OF status ON profiles
  FOR EACH ROW EXECUTE FUNCTION vonk_profiles_set_listed();
--> statement-breakpoint
UPDATE profiles p SET listed = vonk_profile_listed(p.status, u.invisible, u.deleted_at, u.status), last_active_at = u.last_active_at
  FROM users u WHERE u.id = p.user_id;
