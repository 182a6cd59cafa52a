/*
 * surveys.h: what the survey files share: the survey's and the
 * response's JSON, and finding a survey.
 */
#ifndef SURVEYS_H
#define SURVEYS_H

#include "fb_resource.h"

/* A survey (alias s); pages and targeting are stored as rendered. */
#define SURVEY_JSON \
    "json_build_object(" \
    "'object', 'survey', 'id', s.id, 'title', s.title, " \
    "'description', s.description, 'isActive', s.is_active, " \
    "'organization', s.org_id, 'responseCount', s.response_count, " \
    "'targeting', s.targeting, 'pages', s.pages, " \
    "'createdAt', fb_iso(s.created_at), 'updatedAt', fb_iso(s.updated_at))"

/* The survey (org, id) as it is; see surveys.c. */
extern const fb_resource_t fb_surveys;

/* (org, id) -> the survey's pages (JSON), locking the survey against a
 * concurrent change of its pages; no row: no such survey. */
extern const fb_statement_t fb_sql_survey_pages_locked;

#endif
