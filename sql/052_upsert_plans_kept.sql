-- 052: the contact and company setters keep their plans (issue 32).
-- fb_contact_set and fb_company_set (sql/008) were SQL functions whose
-- body is an UPDATE: PostgreSQL cannot inline a data-modifying SQL
-- function, and called from PL/pgSQL (fb_contact_upsert,
-- fb_company_upsert) such a function parses and plans its statement on
-- every call.  As PL/pgSQL functions their UPDATE is planned once per
-- session and kept.  What they write is unchanged.

CREATE OR REPLACE FUNCTION fb_company_set(p_org text, p_id text, b jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
    WHERE org_id = p_org AND id = p_id;
END
$$;

CREATE OR REPLACE FUNCTION fb_contact_set(p_org text, p_id text, b jsonb,
                                          p_verified boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
    WHERE org_id = p_org AND id = p_id;
END
$$;
