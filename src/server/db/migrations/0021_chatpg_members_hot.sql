-- Chat sends without index writes for the members' sides (decision 0013, session 6). Every message updates
-- both conversation_members rows (unread, read position, last activity). Those updates were never HOT:
-- last_activity_at was in the chat-list index and unread in the unread index's predicate, so each message
-- wrote about eight index entries. Now no index covers a column that changes per message: the list reads
-- a member's sides by member id and sorts them; the unread index's predicate is the generated has_unread,
-- which changes only when a side goes from nothing unread to something unread, or back. A lower fillfactor
-- keeps room on each page for the new row versions (the ADD COLUMN below rewrites the table with it).
ALTER TABLE "conversation_members" SET (fillfactor = 70);--> statement-breakpoint
DROP INDEX "conversation_members_list_idx";--> statement-breakpoint
DROP INDEX "conversation_members_unread_idx";--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "has_unread" boolean GENERATED ALWAYS AS (unread > 0) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "conversation_members_member_idx" ON "conversation_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" USING btree ("member_id") WHERE "conversation_members"."has_unread";--> statement-breakpoint
-- The recipients' unread totals read the unread index (has_unread); otherwise as in 0019.
CREATE OR REPLACE FUNCTION chat_send_batch(items jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_rows chat_send_item[];
  v_rounds int;
  v_round int;
  results jsonb := '[]';
  round_results jsonb;
  round_recipients int[];
  recipients int[] := '{}';
  v_unread jsonb;
BEGIN
  SELECT array_agg(x), max(x.round) INTO v_rows, v_rounds
    FROM jsonb_populate_recordset(NULL::chat_send_item, items) AS x;

  PERFORM 1 FROM conversations
    WHERE id IN (SELECT conv FROM unnest(v_rows))
    ORDER BY id FOR UPDATE;
  PERFORM 1 FROM users
    WHERE id IN (SELECT sender FROM unnest(v_rows))
    ORDER BY id FOR UPDATE;

  FOR v_round IN 1..coalesce(v_rounds, 0) LOOP
    WITH it AS (
      SELECT * FROM unnest(v_rows) WHERE round = v_round
    ),
    chk AS (
      SELECT it.*,
        d.id AS dup_id,
        CASE WHEN d.id IS NOT NULL THEN to_jsonb(d.*) END AS dup_row,
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
    ok AS (SELECT * FROM outcome WHERE dup_id IS NULL AND err IS NULL),
    -- Every check passed: the writes. The rows read above are locked, so the new sequence numbers and
    -- balances are known already; no write needs another's answer (joins between these steps would be
    -- planned as nested loops over every pair of sends).
    conv_up AS (
      UPDATE conversations c SET last_seq = ok.seq FROM ok WHERE c.id = ok.conv
    ),
    allow_up AS (
      INSERT INTO chat_allowances (member_id, free_messages_used)
        SELECT ok.sender, 1 FROM ok WHERE ok.free
      ON CONFLICT (member_id) DO UPDATE SET free_messages_used = chat_allowances.free_messages_used + 1
    ),
    user_up AS (
      UPDATE users u SET credits = ok.credits - ok.eff_cost FROM ok
        WHERE u.id = ok.sender AND ok.use_credits
    ),
    ledger AS (
      INSERT INTO credit_ledger (user_id, amount, balance_after, reason, reference)
        SELECT ok.sender, -ok.eff_cost, ok.credits - ok.eff_cost, ok.reason, ok.client_id
        FROM ok WHERE ok.use_credits
    ),
    msg AS (
      INSERT INTO messages (conversation_id, seq, sender_id, sent_by, kind, body, photo_filename,
                            photo_thumb_filename, photo_width, photo_height, gift_code, client_id,
                            credits_spent, created_at)
        SELECT ok.conv, ok.seq, ok.sender, ok.sent_by, ok.kind, ok.body, ok.photo_filename,
               ok.photo_thumb_filename, ok.photo_width, ok.photo_height, ok.gift_code, ok.client_id,
               CASE WHEN ok.use_credits THEN ok.eff_cost ELSE 0 END, ok.created_at
        FROM ok
      RETURNING *
    ),
    -- The stored rows by conversation (one per conversation in a round), looked up below without a join.
    stored AS MATERIALIZED (SELECT jsonb_object_agg(m.conversation_id::text, to_jsonb(m.*)) AS rows FROM msg m),
    member_up AS (
      UPDATE conversation_members cm SET
          read_seq = CASE WHEN cm.member_id = ok.sender THEN ok.seq ELSE cm.read_seq END,
          unread = CASE WHEN cm.member_id = ok.sender THEN 0 ELSE cm.unread + 1 END,
          last_activity_at = ok.created_at,
          deleted_at = NULL
        FROM ok
        WHERE cm.conversation_id = ok.conv
    )
    SELECT
      coalesce(jsonb_agg(CASE
        WHEN o.dup_id IS NOT NULL THEN jsonb_build_object(
          'ord', o.ord, 'status', 'duplicate', 'row', o.dup_row, 'credits', o.credits,
          'free_left', CASE WHEN o.paid THEN NULL ELSE greatest(0, o.free_limit - o.used) END)
        WHEN o.err = 'insufficient_credits' THEN jsonb_build_object(
          'ord', o.ord, 'status', 'error', 'error', o.err, 'required', o.eff_cost)
        WHEN o.err IS NOT NULL THEN jsonb_build_object('ord', o.ord, 'status', 'error', 'error', o.err)
        ELSE jsonb_build_object(
          'ord', o.ord, 'status', 'ok', 'row', st.rows -> o.conv::text,
          'credits', CASE WHEN o.use_credits THEN o.credits - o.eff_cost ELSE o.credits END,
          'recipient', o.other_id,
          'recipient_language', o.other_language,
          'spent', CASE WHEN o.use_credits THEN o.eff_cost ELSE 0 END,
          'free_left', CASE WHEN o.paid THEN NULL
                            ELSE greatest(0, o.free_limit - o.used - o.free::int) END)
      END), '[]'::jsonb),
      coalesce(array_agg(o.other_id) FILTER (WHERE o.dup_id IS NULL AND o.err IS NULL), '{}')
      INTO round_results, round_recipients
      FROM outcome o, stored st;
    results := results || round_results;
    recipients := recipients || round_recipients;
  END LOOP;

  SELECT coalesce(jsonb_object_agg(r.id::text, coalesce(s.n, 0)), '{}'::jsonb) INTO v_unread
    FROM (SELECT DISTINCT unnest(recipients) AS id) r
    LEFT JOIN LATERAL (
      SELECT sum(cm.unread)::int AS n FROM conversation_members cm
        WHERE cm.member_id = r.id AND cm.has_unread
    ) s ON true;
  RETURN jsonb_build_object('items', results, 'unread', v_unread);
END;
$$;
