/*
 * post_render: a post's JSON written from its columns (posts.h), and
 * reading one post by id.
 *
 * The object, member by member, is the one the API has always answered,
 * to the byte: what json_build_object wrote when PostgreSQL built it.
 */
#include <stdlib.h>
#include <string.h>

#include "posts.h"

#include "apr_strings.h"
#include "http_log.h"

#include "fb_log.h"
#include "fb_rowjson.h"

/* The author: the contact when the post names one (null if it is gone),
 * else the admin. */
static const fb_rj_author_t fb_post_author = {
    .contact_id = POST_COL_CONTACT_ID, .admin_id = POST_COL_ADMIN_ID,
    .contact = POST_COL_CONTACT_FOUND, .admin = POST_COL_ADMIN_FOUND,
    .with_email = 1
};

/* A status, from the organization's (post_lookups.c) or from a status
 * statement's row (POST_STATUS_CELLS). */
const fb_rj_member_t fb_post_status_members[] = {
    FB_RJ_CONST("object", "\"post_status\""),
    FB_RJ_STRING("id", FB_POST_LOOKUP_ID),
    FB_RJ_STRING("name", FB_POST_LOOKUP_NAME),
    FB_RJ_STRING("color", FB_POST_LOOKUP_COLOR),
    FB_RJ_STRING("type", FB_POST_LOOKUP_TYPE),
    FB_RJ_BOOL("isDefault", FB_POST_LOOKUP_DEFAULT),
    FB_RJ_END
};

const fb_list_rows_t fb_post_status_rows = {
    .members = fb_post_status_members, .json_size = 128
};

/* The organization's statuses and tags at the row's version. */
static const fb_post_lookups_t *fb_post_lookups_of(fb_req_t *fr,
                                                   const char *const *row)
{
    const fb_post_lookups_t *lk;

    return fb_post_lookups(fr, row[POST_COL_RENDER_VERSION], &lk) == NULL
           ? lk : NULL;
}

/* The status; null when it is gone (the row came before its delete). */
static apr_status_t fb_post_status(fb_req_t *fr, fb_jsonw_t *w,
                                   const char *const *row)
{
    const fb_post_lookups_t *lk = fb_post_lookups_of(fr, row);
    const char *const *status;

    if (lk == NULL) {
        return APR_EGENERAL;
    }
    status = fb_post_status_of(lk, row[POST_COL_STATUS_ID]);
    if (status == NULL) {
        fb_jsonw_raw(w, NULL);
        return APR_SUCCESS;
    }
    return fb_rj_object(fr, w, fb_post_status_members, status);
}

/* A tag of a post, and its place among the organization's. */
typedef struct {
    const char *const *tag;
    int place;
} fb_post_tag_t;

static int fb_post_tag_order(const void *a, const void *b)
{
    return ((const fb_post_tag_t *)a)->place
           - ((const fb_post_tag_t *)b)->place;
}

/* The tags, by name; a tag gone since the row was read is left out. */
static apr_status_t fb_post_tags(fb_req_t *fr, fb_jsonw_t *w,
                                 const char *const *row)
{
    static const char *const keys[] = {"id", "name", "color"};
    static const int cells[] = {
        FB_POST_LOOKUP_ID, FB_POST_LOOKUP_NAME, FB_POST_LOOKUP_COLOR
    };
    const fb_post_lookups_t *lk = fb_post_lookups_of(fr, row);
    apr_array_header_t *ids;
    fb_post_tag_t *tags;
    int i, k, n = 0;

    if (lk == NULL) {
        return APR_EGENERAL;
    }
    if (fb_db_array_parse(fr->pool, row[POST_COL_TAG_IDS], &ids)
        != APR_SUCCESS) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00482)
                      "the tags of post %s came as '%s'",
                      row[POST_COL_ID], row[POST_COL_TAG_IDS]);
        return APR_EGENERAL;
    }
    tags = apr_palloc(fr->pool, sizeof(*tags) * (apr_size_t)ids->nelts);
    for (i = 0; i < ids->nelts; i++) {
        const char *id = APR_ARRAY_IDX(ids, i, const char *);

        if (id != NULL
            && (tags[n].tag = fb_post_tag_of(lk, id, &tags[n].place))
               != NULL) {
            n++;
        }
    }
    qsort(tags, (size_t)n, sizeof(*tags), fb_post_tag_order);
    fb_jsonw_array(w);
    for (i = 0; i < n; i++) {
        fb_jsonw_object(w);
        for (k = 0; k < 3; k++) {
            fb_jsonw_key(w, keys[k]);
            fb_jsonw_string(w, tags[i].tag[cells[k]]);
        }
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
    return APR_SUCCESS;
}

/* The portal's address of the post: the organization's portal, or the
 * default one, then /p/ and the slug. */
static apr_status_t fb_post_url(fb_req_t *fr, fb_jsonw_t *w,
                                const char *const *row)
{
    const char *portal = row[POST_COL_PORTAL_URL];

    fb_jsonw_string(w, apr_pstrcat(fr->pool,
                                   portal ? portal
                                          : fb_req_portal_default(fr),
                                   "/p/", row[POST_COL_SLUG], NULL));
    return APR_SUCCESS;
}

static const fb_rj_member_t fb_post_feature_members[] = {
    FB_RJ_BOOL("commentsEnabled", POST_COL_COMMENTS_ENABLED),
    FB_RJ_END
};

/* Visibility as access: authorOnly names the author, companyOnly the
 * author's companies (their external ids). */
static apr_status_t fb_post_access(fb_req_t *fr, fb_jsonw_t *w,
                                   const char *const *row)
{
    const char *visibility = row[POST_COL_VISIBILITY];
    const char *author = row[POST_COL_CONTACT_ID] != NULL
                         ? row[POST_COL_CONTACT_ID]
                         : row[POST_COL_ADMIN_ID];
    const char *companies = fb_post_companies_of(fr, row);

    if (companies == NULL) {
        ap_log_rerror(APLOG_MARK, APLOG_ERR, 0, fr->r, FBLOGNO(00496)
                      "post %s was written without its companies read",
                      row[POST_COL_ID]);
        return APR_EGENERAL;
    }
    fb_jsonw_object(w);
    fb_jsonw_key(w, "userIds");
    fb_jsonw_array(w);
    if (strcmp(visibility, "authorOnly") == 0 && author != NULL) {
        fb_jsonw_string(w, author);
    }
    fb_jsonw_end(w);
    fb_jsonw_key(w, "companyExternalIds");
    if (fb_rj_strings(fr, w, companies, 0) != APR_SUCCESS) {
        return APR_EGENERAL;
    }
    fb_jsonw_end(w);
    return APR_SUCCESS;
}

static const fb_rj_member_t fb_post_members[] = {
    FB_RJ_CONST("object", "\"post\""),
    FB_RJ_STRING("id", POST_COL_ID),
    FB_RJ_STRING("slug", POST_COL_SLUG),
    FB_RJ_FN("postUrl", fb_post_url),
    FB_RJ_STRING("title", POST_COL_TITLE),
    FB_RJ_STRING("content", POST_COL_CONTENT),
    FB_RJ_STRING("boardId", POST_COL_BOARD_ID),
    FB_RJ_AUTHOR("author", &fb_post_author),
    FB_RJ_FN("status", fb_post_status),
    FB_RJ_FN("tags", fb_post_tags),
    FB_RJ_OBJECT("features", fb_post_feature_members),
    FB_RJ_RAW("upvotes", POST_COL_UPVOTES),
    FB_RJ_RAW("commentCount", POST_COL_COMMENT_COUNT),
    FB_RJ_BOOL("inReview", POST_COL_IN_REVIEW),
    FB_RJ_BOOL("isPinned", POST_COL_IS_PINNED),
    FB_RJ_FN("access", fb_post_access),
    FB_RJ_STRING("assigneeId", POST_COL_ASSIGNEE_ID),
    FB_RJ_TIME("eta", POST_COL_ETA),
    FB_RJ_RAW("customFields", POST_COL_CUSTOM_FIELDS),
    FB_RJ_TIME("createdAt", POST_COL_CREATED_AT),
    FB_RJ_TIME("updatedAt", POST_COL_UPDATED_AT),
    FB_RJ_RAW("integrations", POST_COL_INTEGRATIONS),
    FB_RJ_CONST("opportunityAmount", "null"),
    FB_RJ_END
};

fb_error_t *fb_post_prepare(fb_req_t *fr, const fb_rows_t *rows)
{
    const fb_post_lookups_t *lk;
    fb_error_t *err;

    if (rows->nrows == 0) {
        return NULL;
    }
    err = fb_post_lookups(fr, fb_rows_get(rows, 0, POST_COL_RENDER_VERSION),
                          &lk);
    return err != NULL ? err : fb_post_companies_load(fr, rows);
}

/* About what a post takes, to size the buffer once. */
#define FB_POST_JSON_SIZE 1536

const char *fb_post_json(fb_req_t *fr, const char *const *row)
{
    return fb_rj_json(fr, fb_post_members, row, FB_POST_JSON_SIZE);
}

const char *fb_post_page_json(fb_req_t *fr, const fb_rows_t *rows, int n)
{
    return fb_rj_page(fr, fb_post_members, rows, n, FB_POST_JSON_SIZE);
}
