-- 008: contacts and companies written through the API: upserts that
-- never make two of one person or company, and the list of every type.

-- GET /contacts?contactType=all walks every contact newest first.
CREATE INDEX contacts_all_newest ON contacts (org_id, created_at, id);

-- True when b has member k with a value other than null: "given".
CREATE FUNCTION fb_given(b jsonb, k text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(jsonb_typeof(b -> k), 'null') <> 'null'
$$;

-- Writes the members of b that are given onto a company (as the API
-- names them; the external id is not among them).  Custom fields merge.
CREATE FUNCTION fb_company_set(p_org text, p_id text, b jsonb)
RETURNS void LANGUAGE sql AS $$
    UPDATE companies SET
        name = CASE WHEN fb_given(b, 'name') THEN b ->> 'name'
                    ELSE name END,
        monthly_spend = CASE WHEN fb_given(b, 'monthlySpend')
                             THEN (b ->> 'monthlySpend')::numeric
                             ELSE monthly_spend END,
        industry = CASE WHEN fb_given(b, 'industry') THEN b ->> 'industry'
                        ELSE industry END,
        website = CASE WHEN fb_given(b, 'website') THEN b ->> 'website'
                       ELSE website END,
        plan = CASE WHEN fb_given(b, 'plan') THEN b ->> 'plan' ELSE plan END,
        company_size = CASE WHEN fb_given(b, 'companySize')
                            THEN (b ->> 'companySize')::integer
                            ELSE company_size END,
        custom_fields = CASE WHEN fb_given(b, 'customFields')
                             THEN custom_fields || (b -> 'customFields')
                             ELSE custom_fields END,
        created_at = CASE WHEN fb_given(b, 'createdAt')
                          THEN (b ->> 'createdAt')::timestamptz
                          ELSE created_at END,
        updated_at = now()
    WHERE org_id = p_org AND id = p_id
$$;

-- Upserts the company with external id p_company_id: one row per
-- external id, also under concurrent upserts (the unique constraint
-- decides; the loser of a race updates the winner's row).
CREATE FUNCTION fb_company_upsert(p_org text, p_company_id text, b jsonb,
                                  OUT company_id text, OUT created boolean)
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO companies (org_id, company_id, name)
    VALUES (p_org, p_company_id, b ->> 'name')
    ON CONFLICT ON CONSTRAINT companies_org_id_company_id_key
    DO UPDATE SET updated_at = now()
    RETURNING id, xmax = 0 INTO company_id, created;
    PERFORM fb_company_set(p_org, company_id, b);
END
$$;

-- Writes the members of b that are given onto a contact.  phone and
-- profilePicture given as null clear; customFields merge; a userId makes
-- the contact a customer; p_verified records a checked userHash.
CREATE FUNCTION fb_contact_set(p_org text, p_id text, b jsonb,
                               p_verified boolean)
RETURNS void LANGUAGE sql AS $$
    UPDATE contacts SET
        user_id = coalesce(b ->> 'userId', user_id),
        type = CASE WHEN fb_given(b, 'userId') THEN 'customer' ELSE type END,
        email = CASE WHEN fb_given(b, 'email') THEN b ->> 'email'
                     ELSE email END,
        name = CASE WHEN fb_given(b, 'name') THEN b ->> 'name' ELSE name END,
        profile_picture = CASE WHEN b ? 'profilePicture'
                               THEN b ->> 'profilePicture'
                               ELSE profile_picture END,
        custom_fields = CASE WHEN fb_given(b, 'customFields')
                             THEN custom_fields || (b -> 'customFields')
                             ELSE custom_fields END,
        subscribed_to_changelog =
            CASE WHEN fb_given(b, 'subscribedToChangelog')
                 THEN (b ->> 'subscribedToChangelog')::boolean
                 ELSE subscribed_to_changelog END,
        locale = CASE WHEN fb_given(b, 'locale') THEN b ->> 'locale'
                      ELSE locale END,
        phone = CASE WHEN b ? 'phone' THEN b ->> 'phone' ELSE phone END,
        roles = CASE WHEN fb_given(b, 'roles')
                     THEN ARRAY(SELECT jsonb_array_elements_text(b -> 'roles'))
                     ELSE roles END,
        verified = verified OR p_verified,
        created_at = CASE WHEN fb_given(b, 'createdAt')
                          THEN (b ->> 'createdAt')::timestamptz
                          ELSE created_at END,
        updated_at = now()
    WHERE org_id = p_org AND id = p_id
$$;

-- POST /contacts.  The match: the contact with b's userId; else, when b
-- has a userId and an email, a contact with that email and no userId
-- (which takes the userId); else, with only an email, the contact with
-- that email (customers first, then the oldest); else a new customer.
-- Two requests for one userId make one contact: the insert is arbitrated
-- by the unique index on (org_id, user_id), and a request that loses a
-- race (its insert conflicts, or its claim of an email contact meets the
-- winner's userId) starts over and finds the winner's contact.  Email-only
-- requests, which no unique index can arbitrate (one address may belong
-- to several contacts), serialize on the same transaction lock as
-- fb_contact_find_or_create.  Embedded companies are upserted and added.
CREATE FUNCTION fb_contact_upsert(p_org text, b jsonb, p_verified boolean,
                                  OUT contact_id text, OUT created boolean)
LANGUAGE plpgsql AS $$
DECLARE
    uid text := b ->> 'userId';
    mail text := b ->> 'email';
    item jsonb;
    company text;
BEGIN
    created := false;
    IF uid IS NULL THEN
        PERFORM pg_advisory_xact_lock(
            hashtext('contact-email/' || p_org || '/' || lower(mail)));
        SELECT id INTO contact_id FROM contacts
        WHERE org_id = p_org AND email IS NOT NULL
          AND lower(email) = lower(mail)
        ORDER BY type = 'customer' DESC, created_at, id LIMIT 1;
        IF contact_id IS NULL THEN
            INSERT INTO contacts (org_id, email, name)
            VALUES (p_org, mail, split_part(mail, '@', 1))
            RETURNING id INTO contact_id;
            created := true;
        END IF;
    END IF;
    WHILE contact_id IS NULL LOOP
        SELECT id INTO contact_id FROM contacts
        WHERE org_id = p_org AND user_id = uid;
        EXIT WHEN contact_id IS NOT NULL;
        IF mail IS NOT NULL THEN
            BEGIN
                UPDATE contacts SET user_id = uid
                WHERE (org_id, id) = (
                    SELECT org_id, id FROM contacts
                    WHERE org_id = p_org AND user_id IS NULL
                      AND email IS NOT NULL AND lower(email) = lower(mail)
                    ORDER BY type = 'customer' DESC, created_at, id
                    LIMIT 1)
                  AND user_id IS NULL
                RETURNING id INTO contact_id;
            EXCEPTION WHEN unique_violation THEN
                CONTINUE;       -- the userId was taken meanwhile
            END;
            EXIT WHEN contact_id IS NOT NULL;
        END IF;
        INSERT INTO contacts (org_id, user_id, email, name)
        VALUES (p_org, uid, mail, coalesce(split_part(mail, '@', 1), uid))
        ON CONFLICT (org_id, user_id) WHERE user_id IS NOT NULL DO NOTHING
        RETURNING id INTO contact_id;
        created := contact_id IS NOT NULL;
    END LOOP;
    PERFORM fb_contact_set(p_org, contact_id, b, p_verified);
    FOR item IN SELECT jsonb_array_elements(
                           coalesce(b -> 'companies', '[]'::jsonb)) LOOP
        SELECT u.company_id INTO company
        FROM fb_company_upsert(p_org, item ->> 'id', item - 'id' - 'companyHash') u;
        INSERT INTO contact_companies (org_id, contact_id, company_id)
        VALUES (p_org, contact_id, company) ON CONFLICT DO NOTHING;
    END LOOP;
END
$$;

-- A company's last activity is its own or its newest contact's, read
-- where it is rendered, so it is exact without a write per activity.
CREATE FUNCTION fb_company_last_activity(p_org text, p_id text,
                                         own timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
    SELECT greatest(own, (SELECT max(c.last_activity)
                          FROM contact_companies l JOIN contacts c
                            ON c.org_id = l.org_id AND c.id = l.contact_id
                          WHERE l.org_id = p_org AND l.company_id = p_id))
$$;

-- Email preferences (the hosted API's): the stored status of the
-- categories 'all', 'postUpdates', 'postComments' and 'commentReplies'
-- ('subscribed' when absent).  The 'changelog' category is
-- manually_opted_out_from_changelog, so that one flag decides it.
ALTER TABLE contacts ADD COLUMN email_preferences jsonb NOT NULL
    DEFAULT '{}';

-- May a contact with these preferences get an email of category?
CREATE FUNCTION fb_email_allowed(prefs jsonb, category text)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(prefs ->> 'all', 'subscribed') = 'subscribed'
       AND coalesce(prefs ->> category, 'subscribed') = 'subscribed'
$$;

-- The preferences object of a contact (alias c) as the API renders it.
CREATE FUNCTION fb_email_preferences_json(prefs jsonb, opted_out boolean)
RETURNS json LANGUAGE sql IMMUTABLE AS $$
    SELECT json_object_agg(k.name, json_build_object(
               'status', k.status,
               'effectiveStatus',
               CASE WHEN coalesce(prefs ->> 'all', 'subscribed')
                         = 'unsubscribed'
                    THEN 'unsubscribed' ELSE k.status END)
           ORDER BY k.ord)
    FROM (SELECT ord, name,
                 CASE WHEN name = 'changelog'
                      THEN CASE WHEN opted_out THEN 'unsubscribed'
                                ELSE 'subscribed' END
                      ELSE coalesce(prefs ->> name, 'subscribed') END
                   AS status
          FROM (VALUES (1, 'all'), (2, 'postUpdates'), (3, 'postComments'),
                       (4, 'commentReplies'), (5, 'changelog'))
               AS v (ord, name)) k
$$;
