/*
 * surveys.h: what the survey files share: the survey's and the
 * response's JSON, and finding a survey.
 */
#ifndef SURVEYS_H
#define SURVEYS_H

#include <json.h>

#include "fb_resource.h"

/* A survey (alias s); pages and targeting are stored as rendered. */
#define SURVEY_JSON \
    "json_build_object(" \
    "'object', 'survey', 'id', s.id, 'title', s.title, " \
    "'description', s.description, 'isActive', s.is_active, " \
    "'organization', s.org_id, 'responseCount', s.response_count, " \
    "'targeting', s.targeting, 'pages', s.pages, " \
    "'createdAt', fb_iso(s.created_at), 'updatedAt', fb_iso(s.updated_at))"

/* A response (alias r); its user is the contact, or null.  Needs
 * people/people.h. */
#define SURVEY_RESPONSE_JSON \
    "json_build_object(" \
    "'object', 'survey_response', 'id', r.id, " \
    "'user', (SELECT " CONTACT_JSON " FROM contacts c " \
    "         WHERE c.org_id = r.org_id AND c.id = r.contact_id), " \
    "'responses', r.answers, 'createdAt', fb_iso(r.created_at))"

/* The survey (org, id) as it is; see surveys.c. */
extern const fb_resource_t fb_surveys;

/* (org, id) -> the survey's pages (JSON), locking the survey against a
 * concurrent change of its pages; no row: no such survey. */
extern const fb_statement_t fb_sql_survey_pages_locked;

/*
 * Checks a survey's pages (an array the field rules accepted) beyond
 * their rules and gives ids to pages, choices and logic rules that have
 * none; survey_pages.c.
 */
fb_error_t *fb_survey_pages_check(apr_pool_t *p, json_object *pages);

/* Gives ids to the URL rules of targeting that have none. */
fb_error_t *fb_survey_targeting_check(apr_pool_t *p, json_object *targeting);

/*
 * Checks answers (an array of {pageId, type?, value}) against the
 * survey's pages: sets each answer's type from its page and stores
 * choices by their ids.
 */
fb_error_t *fb_survey_answers_check(apr_pool_t *p, json_object *pages,
                                    json_object *answers);

#endif
