/*
 * post_fields.h: what creating and updating a post share.
 */
#ifndef POST_FIELDS_H
#define POST_FIELDS_H

#include "body_fields.h"
#include "posts.h"

/* What a write has gathered so far; all strings in the request pool, NULL
 * for SQL NULL. */
typedef struct {
    const char *board_fields;       /* the board's custom field ids */
    const char *visibility;
    const char *status_id;
    const char *contact_id;         /* the author, a contact ... */
    const char *admin_id;           /* ... or an admin */
    const char *assignee_id;
    const char *custom_fields;      /* JSON text */
    apr_array_header_t *tag_names;  /* the body's tags, checked */
    const char *tag_names_json;     /* and as a JSON array */
    apr_array_header_t *tag_ids;    /* their ids, made on first use */
    const char *tag_ids_json;       /* and as a JSON array */
    const char *created_at;
    const char *eta;
    const char *html;               /* content, sanitized, images in */
    const char *text;               /* and as plain text */
} fb_post_draft_t;

/* The status a post gets, as a scalar subquery over SQL expressions:
 * the given one (a text, NULL for none), else the organization's
 * default. */
#define POST_STATUS_PICK(org, given) \
    "(SELECT s.id FROM post_statuses s WHERE s.org_id = " org " " \
    "  AND (s.id = " given " OR (" given " IS NULL AND s.is_default)) " \
    "  LIMIT 1)"

/* The ids of the tags named by a JSON array of names, as a JSON array in
 * the same order, null where the organization has no such tag. */
#define POST_TAG_IDS_JSON(org, names) \
    "(SELECT COALESCE(json_agg(t.id ORDER BY n.i), '[]'::json) " \
    "  FROM json_array_elements_text(" names ") WITH ORDINALITY " \
    "    AS n (name, i) " \
    "  LEFT JOIN tags t ON t.org_id = " org " " \
    "    AND lower(t.name) = lower(n.name))"

/* The choices of a post's visibility. */
extern const char *const fb_post_visibilities[];

/* A 403 when the body sets a field the key's role may not set; updating
 * tells a change of an existing post from a new one. */
fb_error_t *fb_post_flags(fb_req_t *fr, int updating);

/* d->status_id: the body's statusId, or the organization's default. */
fb_error_t *fb_post_status(fb_req_t *fr, fb_post_draft_t *d);

/* *assignee: the body's assigneeId, checked; NULL when not given. */
fb_error_t *fb_post_assignee(fb_req_t *fr, const char **assignee);

/*
 * d->custom_fields: the body's customFields checked and normalized, over
 * existing (JSON text of the stored values, or NULL); a null value removes
 * a field.  When d->board_fields is set, the board's required fields must
 * have values.
 */
fb_error_t *fb_post_custom_fields(fb_req_t *fr, fb_post_draft_t *d,
                                  const char *existing);

/* d->tag_names and d->tag_names_json: the body's tags (an array or one
 * string), trimmed; a 400 for an empty name or one with a comma. */
fb_error_t *fb_post_tag_names(fb_req_t *fr, fb_post_draft_t *d);

/* d->tag_ids and d->tag_ids_json from found (POST_TAG_IDS_JSON of
 * d->tag_names): the tags missing there are made when the key may. */
fb_error_t *fb_post_tags_found(fb_req_t *fr, fb_post_draft_t *d,
                               const char *found);

/* d->tag_ids and d->tag_ids_json: the ids of the body's tags, looked up
 * in one statement and made on first use when the key may. */
fb_error_t *fb_post_tags(fb_req_t *fr, fb_post_draft_t *d);

/* Links the tags of d->tag_ids_json to post_id, as a step of w. */
void fb_post_link_tags(fb_write_t *w, const char *post_id,
                       const fb_post_draft_t *d);

/* A boolean field of the body as "true" or "false". */
const char *fb_bool_arg(json_object *body, const char *field, int def);

/* A boolean or integer field of the body as SQL text, NULL (the stored
 * value stays) when the body does not give it or gives null. */
const char *fb_bool_given(fb_req_t *fr, const char *field);
const char *fb_int_given(fb_req_t *fr, const char *field);

#endif
