-- 022: surveys and their responses, and demo surveys.

-- The page types a survey's pages have, for GET /surveys?type=.
CREATE FUNCTION fb_survey_page_types(pages jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT coalesce(array_agg(DISTINCT p ->> 'type'), '{}')
    FROM jsonb_array_elements(pages) p
$$;

-- The page ids a response answers, for ?pageId=.
CREATE FUNCTION fb_survey_answer_pages(answers jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT coalesce(array_agg(a ->> 'pageId'), '{}')
    FROM jsonb_array_elements(answers) a
$$;

CREATE TABLE surveys (
    org_id          text NOT NULL REFERENCES organizations ON DELETE CASCADE,
    id              text NOT NULL DEFAULT fb_object_id(),
    title           text NOT NULL,
    description     text NOT NULL DEFAULT '',
    is_active       boolean NOT NULL DEFAULT false,
    -- {segmentIds, url: [{id, value, matchType}], css: [{value}],
    --  loginRequired}, every key present.
    targeting       jsonb NOT NULL DEFAULT
        '{"segmentIds": [], "url": [], "css": [], "loginRequired": false}',
    -- The pages as the API renders them, ids assigned on write.
    pages           jsonb NOT NULL DEFAULT '[]',
    page_types      text[] GENERATED ALWAYS AS
                        (fb_survey_page_types(pages)) STORED,
    -- Kept exact by the triggers below, in the response's transaction.
    response_count  integer NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id)
);
CREATE INDEX surveys_newest ON surveys (org_id, created_at, id);

CREATE TABLE survey_responses (
    org_id      text NOT NULL,
    id          text NOT NULL DEFAULT fb_object_id(),
    survey_id   text NOT NULL,
    -- NULL: anonymous, or the contact was deleted since.
    contact_id  text,
    -- [{pageId, type, value}]
    answers     jsonb NOT NULL,
    page_ids    text[] GENERATED ALWAYS AS
                    (fb_survey_answer_pages(answers)) STORED,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (org_id, id),
    FOREIGN KEY (org_id, survey_id) REFERENCES surveys (org_id, id)
        ON DELETE CASCADE,
    FOREIGN KEY (org_id, contact_id) REFERENCES contacts (org_id, id)
        ON DELETE SET NULL (contact_id)
);
CREATE INDEX survey_responses_newest
    ON survey_responses (org_id, survey_id, created_at, id);

CREATE FUNCTION fb_survey_response_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE surveys SET response_count = response_count + 1
        WHERE org_id = NEW.org_id AND id = NEW.survey_id;
    ELSE
        UPDATE surveys SET response_count = greatest(response_count - 1, 0)
        WHERE org_id = OLD.org_id AND id = OLD.survey_id;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER survey_responses_count
    AFTER INSERT OR DELETE ON survey_responses
    FOR EACH ROW EXECUTE FUNCTION fb_survey_response_count();

-- The demo gains two surveys with responses; the earlier demo runs first.
ALTER FUNCTION fb_demo_seed(text) RENAME TO fb_demo_seed_before_surveys;

CREATE FUNCTION fb_demo_seed_surveys(p_org text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    s text;
    ada text := fb_contact_find_or_create(p_org, 'demo-ada',
                                          'ada@demo.example', 'Ada Demo',
                                          NULL);
    bo text := fb_contact_find_or_create(p_org, 'demo-bo',
                                         'bo@demo.example', 'Bo Demo', NULL);
BEGIN
    INSERT INTO surveys (org_id, title, description, is_active, targeting,
                         pages)
    VALUES (p_org, 'How likely are you to recommend us?',
            'Quarterly NPS', true,
            '{"segmentIds": [], "url": [{"id": "u1", "value": "/app",
              "matchType": "contains"}], "css": [],
              "loginRequired": true}',
            '[{"id": "p1", "type": "rating", "subType": "nps",
               "title": "How likely are you to recommend us?",
               "scale": 10, "lowLabel": "Not likely",
               "highLabel": "Very likely",
               "logic": [{"id": "l1", "comparator": "lessThan",
                          "value": 7, "next": {"type": "page",
                                               "pageId": "p2"}}],
               "defaultAction": {"type": "end"}},
              {"id": "p2", "type": "text", "title": "What should we fix?",
               "placeholder": "Tell us", "defaultAction": {"type": "end"}}]')
    RETURNING id INTO s;
    INSERT INTO survey_responses (org_id, survey_id, contact_id, answers,
                                  created_at)
    VALUES (p_org, s, ada, '[{"pageId": "p1", "type": "rating",
                              "value": 9}]', now() - interval '2 days'),
           (p_org, s, bo, '[{"pageId": "p1", "type": "rating", "value": 4},
                            {"pageId": "p2", "type": "text",
                             "value": "Faster search"}]',
            now() - interval '1 day'),
           (p_org, s, NULL, '[{"pageId": "p1", "type": "rating",
                               "value": 10}]', now());

    INSERT INTO surveys (org_id, title, is_active, pages)
    VALUES (p_org, 'Which features do you use?', false,
            '[{"id": "q1", "type": "multiple-choice",
               "title": "Which features do you use?",
               "allowSelectMultiple": true,
               "choices": [{"id": "c1", "choice": "Boards"},
                           {"id": "c2", "choice": "Changelog"},
                           {"id": "c3", "choice": "Surveys"}],
               "defaultAction": {"type": "next"}},
              {"id": "q2", "type": "link", "title": "Read the guide",
               "linkButtonText": "Open", "linkTarget": "_blank",
               "linkRedirectUrl": "https://example.com/guide",
               "defaultAction": {"type": "end"}}]')
    RETURNING id INTO s;
    INSERT INTO survey_responses (org_id, survey_id, contact_id, answers)
    VALUES (p_org, s, ada, '[{"pageId": "q1", "type": "multiple-choice",
                              "value": ["c1", "c3"]}]');
END
$$;

CREATE FUNCTION fb_demo_seed(p_org text) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM fb_demo_seed_before_surveys(p_org);
    PERFORM fb_demo_seed_surveys(p_org);
END
$$;
