CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_account_search(aid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF aid IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO account_search AS s (account_id, holder_name, holder_email, document, account_status,
    billing_status, plan_tag, coach_user_id, tags, created_at)
  SELECT a.id,
    coalesce(lower(h.last_name || ' ' || h.first_name), ''),
    coalesce(lower(h.email), ''),
    lower(concat_ws(' ', a.id::text,
      (SELECT string_agg(concat_ws(' ', u.first_name, u.last_name, u.email, u.pending_email,
          nullif(regexp_replace(u.phonenumber, '\D', '', 'g'), '')), ' ' ORDER BY u.id)
         FROM users u WHERE u.account_id = a.id),
      (SELECT string_agg(p.name, ' ' ORDER BY p.id) FROM players p WHERE p.account_id = a.id))),
    a.account_status,
    coalesce(sub.status, 'NOT_PURCHASED'),
    sub.plan_tag,
    a.coach_user_id,
    coalesce((SELECT array_agg(DISTINCT lower(t.tag)) FROM account_tags t WHERE t.account_id = a.id), '{}'),
    a.created_at
  FROM accounts a
  LEFT JOIN LATERAL (
    SELECT u.first_name, u.last_name, u.email FROM users u
    WHERE u.account_id = a.id AND NOT u.is_staff AND NOT u.is_coach
    ORDER BY u.is_billing_user DESC, u.id LIMIT 1
  ) h ON true
  LEFT JOIN LATERAL (
    SELECT x.status, x.plan_tag FROM subscriptions x WHERE x.account_id = a.id
    ORDER BY (x.status NOT IN ('CANCELLED', 'RETURNED')) DESC, x.id DESC LIMIT 1
  ) sub ON true
  WHERE a.id = aid
  ON CONFLICT (account_id) DO UPDATE SET
    holder_name = excluded.holder_name,
    holder_email = excluded.holder_email,
    document = excluded.document,
    account_status = excluded.account_status,
    billing_status = excluded.billing_status,
    plan_tag = excluded.plan_tag,
    coach_user_id = excluded.coach_user_id,
    tags = excluded.tags,
    created_at = excluded.created_at;
  -- Its words, for typo tolerance (search_words).
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM account_search s, regexp_split_to_table(s.document, ' ') w
  WHERE s.account_id = aid AND length(w) BETWEEN 3 AND 60 AND w !~ '[0-9@]'
  ON CONFLICT (word) DO NOTHING;
END
$$;
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM account_search s, regexp_split_to_table(s.document, ' ') w
WHERE length(w) BETWEEN 3 AND 60 AND w !~ '[0-9@]'
ON CONFLICT (word) DO NOTHING;
