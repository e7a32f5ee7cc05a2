-- Chat sends in groups (decision 0013): one call stores a batch of messages in one transaction, each
-- with its booking, so many sends share one round trip and one commit. Every check is made before the
-- first write of a message, so a refused message leaves nothing behind and its neighbours still go in.
-- Lock order, for every batch and every instance: the conversations (by id), then the senders' users
-- rows (by id); single sends come through here too, so two batches never wait on each other in a circle.
--
-- items: [{ sender, conv, client_id, kind, body, gift_code, photo_filename, photo_thumb_filename,
--           photo_width, photo_height, sent_by, cost, reason, gift_default, free_limit, created_at }]
-- answer: { items: [{ status: 'ok'|'duplicate'|'error', error?, row?, credits?, spent?, free_left? }],
--           unread: { "<member id>": total unread } } for every recipient of a stored message.
CREATE OR REPLACE FUNCTION chat_send_batch(items jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  it jsonb;
  m messages%ROWTYPE;
  results jsonb[] := '{}';
  recipients int[] := '{}';
  v_sender int;
  v_conv int;
  v_kind text;
  v_sent_by text;
  v_other int;
  v_status text;
  v_language text;
  v_listed boolean;
  v_blocked_me boolean;
  v_blocked_by_me boolean;
  v_paid boolean;
  v_credits int;
  v_cost int;
  v_gift_price int;
  v_free_limit int;
  v_used int;
  v_use_credits boolean;
  v_free boolean;
  v_free_left int;
  v_seq int;
  v_unread jsonb;
BEGIN
  PERFORM 1 FROM conversations
    WHERE id IN (SELECT (e->>'conv')::int FROM jsonb_array_elements(items) e)
    ORDER BY id FOR UPDATE;
  PERFORM 1 FROM users
    WHERE id IN (SELECT (e->>'sender')::int FROM jsonb_array_elements(items) e)
    ORDER BY id FOR UPDATE;

  FOR it IN SELECT value FROM jsonb_array_elements(items) LOOP
    v_sender := (it->>'sender')::int;
    v_conv := (it->>'conv')::int;
    v_kind := it->>'kind';
    v_sent_by := it->>'sent_by';

    -- A retry of a stored message answers that message; nothing is booked again.
    SELECT * INTO m FROM messages WHERE sender_id = v_sender AND client_id = it->>'client_id';
    IF FOUND THEN
      SELECT u.credits, u.paid_user, coalesce(a.free_messages_used, 0)
        INTO v_credits, v_paid, v_used
        FROM users u LEFT JOIN chat_allowances a ON a.member_id = u.id WHERE u.id = v_sender;
      results := array_append(results, jsonb_build_object(
        'status', 'duplicate', 'row', to_jsonb(m), 'credits', coalesce(v_credits, 0),
        'free_left', CASE WHEN v_paid OR v_sent_by = 'operator' THEN NULL
                          ELSE greatest(0, (it->>'free_limit')::int - v_used) END));
      CONTINUE;
    END IF;

    -- Who may write to whom: the sender's side of the conversation, the other member's state, blocks.
    SELECT cm.other_id, u.status, u.language, p.listed,
           EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = cm.other_id AND b.blocked_id = v_sender),
           EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = v_sender AND b.blocked_id = cm.other_id)
      INTO v_other, v_status, v_language, v_listed, v_blocked_me, v_blocked_by_me
      FROM conversation_members cm
      JOIN users u ON u.id = cm.other_id
      JOIN profiles p ON p.user_id = cm.other_id
      WHERE cm.conversation_id = v_conv AND cm.member_id = v_sender;
    IF NOT FOUND THEN
      results := array_append(results, jsonb_build_object('status', 'error', 'error', 'not_found'));
      CONTINUE;
    END IF;
    IF NOT v_listed OR v_blocked_me THEN
      results := array_append(results, jsonb_build_object('status', 'error', 'error', 'unavailable'));
      CONTINUE;
    END IF;
    IF v_blocked_by_me THEN
      results := array_append(results, jsonb_build_object('status', 'error', 'error', 'blocked_by_me'));
      CONTINUE;
    END IF;
    IF v_status <> 'confirmed' THEN
      results := array_append(results, jsonb_build_object('status', 'error', 'error', 'recipient_unconfirmed'));
      CONTINUE;
    END IF;

    SELECT u.paid_user, u.credits INTO v_paid, v_credits FROM users u WHERE u.id = v_sender;
    v_paid := coalesce(v_paid, false) OR v_sent_by = 'operator';
    v_cost := (it->>'cost')::int;
    IF v_kind = 'gift' THEN
      SELECT g.price INTO v_gift_price FROM gifts g WHERE g.code = it->>'gift_code' AND g.active;
      IF NOT FOUND THEN
        results := array_append(results, jsonb_build_object('status', 'error', 'error', 'unknown_gift'));
        CONTINUE;
      END IF;
      IF v_sent_by <> 'operator' THEN
        v_cost := coalesce(v_gift_price, (it->>'gift_default')::int);
      END IF;
    END IF;
    IF v_kind = 'photo' AND NOT v_paid THEN
      results := array_append(results, jsonb_build_object('status', 'error', 'error', 'premium_only'));
      CONTINUE;
    END IF;

    -- Free members spend their free text messages first, then credits.
    v_use_credits := v_cost > 0;
    v_free := false;
    v_free_left := NULL;
    v_used := NULL;
    IF NOT v_paid THEN
      v_free_limit := (it->>'free_limit')::int;
      SELECT a.free_messages_used INTO v_used FROM chat_allowances a WHERE a.member_id = v_sender;
      v_used := coalesce(v_used, 0);
      IF v_kind = 'text' AND v_used < v_free_limit THEN
        v_free := true;
        v_use_credits := false;
        v_used := v_used + 1;
      END IF;
      v_free_left := greatest(0, v_free_limit - v_used);
    END IF;
    IF v_use_credits AND v_credits < v_cost THEN
      results := array_append(results, jsonb_build_object(
        'status', 'error', 'error', 'insufficient_credits', 'required', v_cost));
      CONTINUE;
    END IF;

    -- Every check passed: the writes.
    UPDATE conversations SET last_seq = last_seq + 1 WHERE id = v_conv RETURNING last_seq INTO v_seq;
    IF v_free THEN
      INSERT INTO chat_allowances (member_id, free_messages_used) VALUES (v_sender, 1)
        ON CONFLICT (member_id) DO UPDATE SET free_messages_used = chat_allowances.free_messages_used + 1;
    END IF;
    IF v_use_credits THEN
      UPDATE users SET credits = credits - v_cost WHERE id = v_sender RETURNING credits INTO v_credits;
      INSERT INTO credit_ledger (user_id, amount, balance_after, reason, reference)
        VALUES (v_sender, -v_cost, v_credits, it->>'reason', it->>'client_id');
    END IF;
    INSERT INTO messages (conversation_id, seq, sender_id, sent_by, kind, body, photo_filename,
                          photo_thumb_filename, photo_width, photo_height, gift_code, client_id,
                          credits_spent, created_at)
      VALUES (v_conv, v_seq, v_sender, v_sent_by, v_kind, it->>'body', it->>'photo_filename',
              it->>'photo_thumb_filename', (it->>'photo_width')::int, (it->>'photo_height')::int,
              it->>'gift_code', it->>'client_id', CASE WHEN v_use_credits THEN v_cost ELSE 0 END,
              (it->>'created_at')::timestamptz)
      RETURNING * INTO m;
    UPDATE conversation_members SET
        read_seq = CASE WHEN member_id = v_sender THEN v_seq ELSE read_seq END,
        unread = CASE WHEN member_id = v_sender THEN 0 ELSE unread + 1 END,
        last_activity_at = (it->>'created_at')::timestamptz,
        deleted_at = NULL
      WHERE conversation_id = v_conv;
    recipients := recipients || v_other;
    results := array_append(results, jsonb_build_object(
      'status', 'ok', 'row', to_jsonb(m), 'credits', v_credits, 'recipient', v_other, 'recipient_language', v_language,
      'spent', CASE WHEN v_use_credits THEN v_cost ELSE 0 END, 'free_left', v_free_left));
  END LOOP;

  SELECT coalesce(jsonb_object_agg(r.id::text, coalesce(s.n, 0)), '{}'::jsonb) INTO v_unread
    FROM (SELECT DISTINCT unnest(recipients) AS id) r
    LEFT JOIN LATERAL (
      SELECT sum(cm.unread)::int AS n FROM conversation_members cm
        WHERE cm.member_id = r.id AND cm.unread > 0
    ) s ON true;
  RETURN jsonb_build_object('items', to_jsonb(results), 'unread', v_unread);
END;
$$;
