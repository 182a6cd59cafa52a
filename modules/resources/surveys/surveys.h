/*
 * surveys.h: what the survey files share: the survey's and the
 * response's columns and JSON, and finding a survey.
 */
#ifndef SURVEYS_H
#define SURVEYS_H

#include <json.h>

#include "fb_resource.h"
#include "people/people.h"

/* A survey's columns (alias s); pages and targeting are stored as
 * rendered.  Its JSON is fb_surveys' rows. */
#define SURVEY_COLUMNS \
    "s.id, s.title, s.description, s.is_active, s.org_id, " \
    "s.response_count, s.targeting, s.pages, " \
    "s.created_at AT TIME ZONE 'UTC', s.updated_at AT TIME ZONE 'UTC'"

enum {
    SURVEY_COL_ID, SURVEY_COL_TITLE, SURVEY_COL_DESCRIPTION,
    SURVEY_COL_IS_ACTIVE, SURVEY_COL_ORG_ID, SURVEY_COL_RESPONSE_COUNT,
    SURVEY_COL_TARGETING, SURVEY_COL_PAGES, SURVEY_COL_CREATED_AT,
    SURVEY_COL_UPDATED_AT, SURVEY_NCOLS
};

/* A response's columns (alias r), then its user's: the contact c
 * (CONTACT_SELECT of people.h), all NULL when it has none;
 * then a list's sort key (column SURVEY_RESPONSE_NCOLS).  Its JSON is
 * fb_survey_response_rows. */
#define SURVEY_RESPONSE_SELECT \
    "r.id, r.answers, r.created_at AT TIME ZONE 'UTC', " \
    CONTACT_SELECT("fb_ts_key(r.created_at)")

#define SURVEY_RESPONSE_FROM \
    "FROM survey_responses r LEFT JOIN contacts c " \
    "ON c.org_id = r.org_id AND c.id = r.contact_id "

enum {
    SURVEY_RESPONSE_COL_ID, SURVEY_RESPONSE_COL_ANSWERS,
    SURVEY_RESPONSE_COL_CREATED_AT, SURVEY_RESPONSE_COL_USER,
    SURVEY_RESPONSE_NCOLS = SURVEY_RESPONSE_COL_USER + CONTACT_NCOLS
};

extern const fb_list_rows_t fb_survey_response_rows;

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
