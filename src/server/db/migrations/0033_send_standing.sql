-- A socket's chat send checks its session's standing in the statement that stores it (issue 22, the chat
-- budget): the socket read the standing with a query of its own before every send (cached one second),
-- which cost a lone send on the embedded database about a third of its time. session_standing() is the one
-- rule (platform/session.ts sessionStandings calls it for the sockets' other frames and the heartbeat);
-- chat_send() refuses a banned sender ('banned') or an ended session ('session_ended') before anything is
-- written. Items without a session_id (HTTP sends, whose request checked the session; the operator desk)
-- are not checked again. Instances of the previous release send items without the field: NULL, as before.
ALTER TYPE chat_send_item ADD ATTRIBUTE session_id int;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_send(items json) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_rows chat_send_item[];
  v_rounds int;
  v_round int;
  results json[] := '{}';
  round_results json;
  round_recipients int[];
  recipients int[] := '{}';
  v_unread json;
BEGIN
  SELECT array_agg(x), max(x.round) INTO v_rows, v_rounds
    FROM json_populate_recordset(NULL::chat_send_item, items) AS x;

  -- Conversations, then senders, each in id order: concurrent batches never wait on each other in a circle.
  PERFORM 1 FROM conversations
    WHERE id = ANY (ARRAY(SELECT DISTINCT conv FROM unnest(v_rows)))
    ORDER BY id FOR UPDATE;
  PERFORM 1 FROM users
    WHERE id = ANY (ARRAY(SELECT DISTINCT sender FROM unnest(v_rows)))
    ORDER BY id FOR UPDATE;

  FOR v_round IN 1..coalesce(v_rounds, 0) LOOP
    WITH it AS (
      SELECT * FROM unnest(v_rows) WHERE round = v_round
    ),
    -- Everything the checks need, read once per send (the rows read are locked above).
    chk AS MATERIALIZED (
      SELECT it.*,
        -- A send over a socket names its session: banned or ended, it is refused in this statement
        -- (the socket skips its separate standing read for sends). HTTP sends checked theirs already.
        CASE WHEN it.session_id IS NULL THEN 'ok' ELSE session_standing(it.session_id) END AS standing,
        d.id AS dup_id,
        CASE WHEN d.id IS NOT NULL THEN to_json(d.*) END AS dup_row,
        (cm.other_id IS NOT NULL AND ou.id IS NOT NULL AND p.user_id IS NOT NULL) AS member_found,
        cm.other_id, ou.status AS other_status, ou.language AS other_language, p.listed,
        EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = cm.other_id AND b.blocked_id = it.sender)
          AS blocked_me,
        EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = it.sender AND b.blocked_id = cm.other_id)
          AS blocked_by_me,
        c.last_seq + 1 AS seq,
        coalesce(su.credits, 0) AS credits,
        (coalesce(su.paid_user, false) OR it.sent_by = 'operator') AS paid,
        coalesce(a.free_messages_used, 0) AS used,
        g.code IS NOT NULL AS gift_found,
        CASE WHEN it.kind = 'gift' AND it.sent_by <> 'operator' THEN coalesce(g.price, it.gift_default)
             ELSE it.cost END AS eff_cost
      FROM it
      LEFT JOIN conversations c ON c.id = it.conv
      LEFT JOIN messages d ON d.sender_id = it.sender AND d.client_id = it.client_id
      LEFT JOIN conversation_members cm ON cm.conversation_id = it.conv AND cm.member_id = it.sender
      LEFT JOIN users ou ON ou.id = cm.other_id
      LEFT JOIN profiles p ON p.user_id = cm.other_id
      LEFT JOIN users su ON su.id = it.sender
      LEFT JOIN chat_allowances a ON a.member_id = it.sender
      LEFT JOIN gifts g ON it.kind = 'gift' AND g.code = it.gift_code AND g.active
    ),
    -- Free members spend their free text messages first, then credits.
    spend AS (
      SELECT c.*,
        (NOT c.paid AND c.kind = 'text' AND c.used < c.free_limit) AS free,
        (c.eff_cost > 0 AND NOT (NOT c.paid AND c.kind = 'text' AND c.used < c.free_limit)) AS use_credits
      FROM chk c
    ),
    outcome AS (
      SELECT s.*,
        CASE
          WHEN s.standing = 'banned' THEN 'banned'
          WHEN s.standing = 'ended' THEN 'session_ended'
          WHEN s.dup_id IS NOT NULL THEN NULL
          WHEN NOT s.member_found THEN 'not_found'
          WHEN NOT s.listed OR s.blocked_me THEN 'unavailable'
          WHEN s.blocked_by_me THEN 'blocked_by_me'
          WHEN s.other_status <> 'confirmed' THEN 'recipient_unconfirmed'
          WHEN s.kind = 'gift' AND NOT s.gift_found THEN 'unknown_gift'
          WHEN s.kind = 'photo' AND NOT s.paid THEN 'premium_only'
          WHEN s.use_credits AND s.credits < s.eff_cost THEN 'insufficient_credits'
        END AS err
      FROM spend s
    ),
    -- Every check passed: each paid send books its credits through book_credits(), the one booking of
    -- credits (decision 0032), before anything of it is written. Its sender is locked above and comes once
    -- per round, and nothing else in this statement writes users, so the booking finds the balance this
    -- statement read: a fresh booking answers exactly credits - eff_cost. Any other answer stores nothing:
    -- NULL (balance short) is insufficient_credits; an earlier booking of this client id (a ledger row
    -- without its message) is client_id_reused, never a message without its payment.
    booked AS (
      SELECT o.*,
        CASE WHEN o.use_credits THEN book_credits(o.sender, -o.eff_cost, o.reason, o.client_id)
             ELSE o.credits END AS balance
      FROM outcome o WHERE o.dup_id IS NULL AND o.err IS NULL
    ),
    -- The sends to store. The new sequence numbers, balances and message ids are known here, so no write
    -- needs another's answer (joins between these steps would be planned as nested loops).
    ok AS (
      SELECT b.*, nextval('messages_id_seq') AS msg_id FROM booked b
        WHERE NOT b.use_credits OR b.balance = b.credits - b.eff_cost
    ),
    conv_up AS (
      UPDATE conversations c SET last_seq = ok.seq FROM ok WHERE c.id = ok.conv
    ),
    allow_up AS (
      INSERT INTO chat_allowances (member_id, free_messages_used)
        SELECT ok.sender, 1 FROM ok WHERE ok.free
      ON CONFLICT (member_id) DO UPDATE SET free_messages_used = chat_allowances.free_messages_used + 1
    ),
    msg AS (
      INSERT INTO messages (id, conversation_id, seq, sender_id, sent_by, kind, body, photo_filename,
                            photo_thumb_filename, photo_width, photo_height, gift_code, client_id,
                            credits_spent, created_at)
        SELECT ok.msg_id, ok.conv, ok.seq, ok.sender, ok.sent_by, ok.kind, ok.body, ok.photo_filename,
               ok.photo_thumb_filename, ok.photo_width, ok.photo_height, ok.gift_code, ok.client_id,
               CASE WHEN ok.use_credits THEN ok.eff_cost ELSE 0 END, ok.created_at
        FROM ok
    ),
    -- Both sides of the conversation, each by its key (HOT updates, migration 0021).
    member_up AS (
      UPDATE conversation_members cm SET
          read_seq = CASE WHEN cm.member_id = ok.sender THEN ok.seq ELSE cm.read_seq END,
          unread = CASE WHEN cm.member_id = ok.sender THEN 0 ELSE cm.unread + 1 END,
          last_activity_at = ok.created_at,
          deleted_at = NULL
        FROM ok CROSS JOIN LATERAL (VALUES (ok.sender), (ok.other_id)) AS side(member_id)
        WHERE cm.conversation_id = ok.conv AND cm.member_id = side.member_id
    ),
    answers AS (
      SELECT o.ord, o.other_id, o.dup_id, o.err,
        CASE
          WHEN o.dup_id IS NOT NULL AND o.err IS NULL THEN json_build_object(
            'ord', o.ord, 'status', 'duplicate', 'row', o.dup_row, 'credits', o.credits,
            'free_left', CASE WHEN o.paid THEN NULL ELSE greatest(0, o.free_limit - o.used) END)
          WHEN o.err = 'insufficient_credits' THEN json_build_object(
            'ord', o.ord, 'status', 'error', 'error', o.err, 'required', o.eff_cost)
          WHEN o.err IS NOT NULL THEN json_build_object('ord', o.ord, 'status', 'error', 'error', o.err)
        END AS answer
      FROM outcome o
      WHERE o.dup_id IS NOT NULL OR o.err IS NOT NULL
      UNION ALL
      SELECT b.ord, b.other_id, NULL, 'not_booked', CASE
          WHEN b.balance IS NULL THEN json_build_object(
            'ord', b.ord, 'status', 'error', 'error', 'insufficient_credits', 'required', b.eff_cost)
          ELSE json_build_object('ord', b.ord, 'status', 'error', 'error', 'client_id_reused')
        END
      FROM booked b
      WHERE b.use_credits AND b.balance IS DISTINCT FROM b.credits - b.eff_cost
      UNION ALL
      SELECT ok.ord, ok.other_id, NULL, NULL, json_build_object(
          'ord', ok.ord, 'status', 'ok', 'id', ok.msg_id, 'seq', ok.seq,
          'credits', ok.balance,
          'recipient', ok.other_id,
          'recipient_language', ok.other_language,
          'spent', CASE WHEN ok.use_credits THEN ok.eff_cost ELSE 0 END,
          'free_left', CASE WHEN ok.paid THEN NULL
                            ELSE greatest(0, ok.free_limit - ok.used - ok.free::int) END)
      FROM ok
    )
    SELECT coalesce(json_agg(a.answer), '[]'::json),
      coalesce(array_agg(a.other_id) FILTER (WHERE a.dup_id IS NULL AND a.err IS NULL), '{}')
      INTO round_results, round_recipients
      FROM answers a;
    results := results || round_results;
    recipients := recipients || round_recipients;
  END LOOP;

  -- One grouped scan of the recipients' unread sides for the whole batch (decision 0020).
  SELECT coalesce(json_object_agg(r.id, coalesce(s.n, 0)), '{}'::json) INTO v_unread
    FROM (SELECT DISTINCT unnest(recipients) AS id) r
    LEFT JOIN (
      SELECT cm.member_id, sum(cm.unread)::int AS n FROM conversation_members cm
        WHERE cm.member_id = ANY (recipients) AND cm.has_unread
        GROUP BY cm.member_id
    ) s ON s.member_id = r.id;
  RETURN json_build_object('rounds', results, 'unread', v_unread);
END;
$$;
