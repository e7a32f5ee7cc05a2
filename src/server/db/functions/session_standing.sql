-- The session_standing() function as the database has it: the one source to edit. A change here goes into
-- a new migration as the same text (copy it after a comment saying why); functions.test.ts fails while the
-- latest migration's definition and this file differ. History: migration 0033 (first).
--
-- May a session still act (issue 21 item 1, issue 22)? 'ok' while the session exists, has not expired and
-- its member is neither deleted nor banned; 'banned' for a banned member; 'ended' otherwise. The one rule
-- behind the sockets' standing (platform/session.ts sessionStandings, read per acting frame and at every
-- heartbeat) and chat_send(), which checks the sender's session in the statement that stores the message.
CREATE OR REPLACE FUNCTION session_standing(p_session int) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN u.id IS NULL OR u.deleted_at IS NOT NULL THEN 'ended'
    WHEN u.status = 'banned' THEN 'banned'
    ELSE 'ok'
  END
  FROM (SELECT p_session AS id) one
  LEFT JOIN sessions s ON s.id = one.id AND s.expires_at > now()
  LEFT JOIN users u ON u.id = s.user_id
$$;
