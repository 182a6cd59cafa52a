/*
 * conversation_values: conversations' custom attribute values expanded
 * with their definitions, the client's customAttributeValues
 * (include=customAttributeDefinitions; conversation.h).
 *
 * The values are those an answer's customAttributes shows
 * (CONVERSATION_SHOWN_ATTRIBUTES, the one rule of which are shown), each
 * beside its definition (sql/035), in the definitions' order, oldest
 * first, as GET /conversation_attributes lists them.  One statement reads
 * those of a whole page.
 */
#include <string.h>

#include "apr_hash.h"
#include "apr_strings.h"

#include "conversation.h"

/* (org, ids): one row per shown value, by conversation. */
FB_SQL(conversation_values, 1,
    "WITH k AS (SELECT %s::text AS org_id, %s::text[] AS ids) "
    "SELECT cv.id, x.id, x.identifier, x.name, x.field_sub_type, "
    "  x.options, e.value "
    "FROM k "
    "JOIN conversations cv ON cv.org_id = k.org_id AND cv.id = ANY (k.ids) "
    "CROSS JOIN LATERAL jsonb_each(" CONVERSATION_SHOWN_ATTRIBUTES ") e "
    "JOIN conversation_attributes x "
    "  ON x.org_id = cv.org_id AND x.id = e.key "
    "ORDER BY cv.id, x.created_at, x.id");

const fb_statement_t *const fb_conversation_values_statements[] = {
    &fb_sql_conversation_values, NULL
};

enum {
    VALUE_COL_CONVERSATION, VALUE_COL_ID, VALUE_COL_IDENTIFIER,
    VALUE_COL_NAME, VALUE_COL_SUB_TYPE, VALUE_COL_OPTIONS, VALUE_COL_VALUE
};

#define FB_ATTRIBUTE_TYPE(sub, data) {.sub_type = sub, .data_type = data},
static const struct {
    const char *sub_type;
    const char *data_type;
} fb_attribute_types[] = {CONVERSATION_ATTRIBUTE_TYPES(FB_ATTRIBUTE_TYPE)};

#define FB_ATTRIBUTE_NTYPES \
    (sizeof(fb_attribute_types) / sizeof(fb_attribute_types[0]))

const char *fb_conversation_attribute_data_type(const char *sub_type)
{
    apr_size_t i;

    for (i = 0; sub_type != NULL && i < FB_ATTRIBUTE_NTYPES; i++) {
        if (strcmp(fb_attribute_types[i].sub_type, sub_type) == 0) {
            return fb_attribute_types[i].data_type;
        }
    }
    return NULL;
}

/* The rows of one conversation: n from first. */
typedef struct {
    int first;
    int n;
} fb_values_span_t;

apr_status_t fb_conversation_values_read(fb_db_t *db, apr_pool_t *p,
                                         const char *org, const char *ids,
                                         fb_conversation_values_t *out)
{
    fb_values_span_t *span = NULL;
    const char *prev = NULL;
    apr_status_t rv;
    int i;

    out->spans = apr_hash_make(p);
    rv = fb_db_select(db, p, &fb_sql_conversation_values, org,
                      FB_ARGS(ids), &out->rows);
    for (i = 0; rv == APR_SUCCESS && i < out->rows.nrows; i++) {
        const char *id = fb_rows_get(&out->rows, i, VALUE_COL_CONVERSATION);

        if (prev == NULL || strcmp(id, prev) != 0) {
            span = apr_pcalloc(p, sizeof(*span));
            span->first = i;
            apr_hash_set(out->spans, id, APR_HASH_KEY_STRING, span);
            prev = id;
        }
        span->n++;
    }
    return rv;
}

int fb_conversation_values_write(fb_jsonw_t *w,
                                 const fb_conversation_values_t *values,
                                 const char *id)
{
    const fb_values_span_t *span = apr_hash_get(values->spans, id,
                                                APR_HASH_KEY_STRING);
    int i;

    fb_jsonw_key(w, "customAttributeValues");
    fb_jsonw_array(w);
    for (i = 0; span != NULL && i < span->n; i++) {
        const char *const *row = values->rows.cells
                                 + (span->first + i) * values->rows.ncols;
        const char *type =
            fb_conversation_attribute_data_type(row[VALUE_COL_SUB_TYPE]);

        if (type == NULL) {
            return 0;           /* the table's CHECK keeps this away */
        }
        fb_jsonw_object(w);
        fb_jsonw_member_string(w, "id", row[VALUE_COL_ID]);
        fb_jsonw_member_string(w, "name", row[VALUE_COL_NAME]);
        fb_jsonw_key(w, "value");
        fb_jsonw_raw(w, row[VALUE_COL_VALUE]);
        fb_jsonw_key(w, "options");
        fb_jsonw_raw(w, row[VALUE_COL_OPTIONS]);
        fb_jsonw_member_string(w, "dataType", type);
        fb_jsonw_member_string(w, "identifier", row[VALUE_COL_IDENTIFIER]);
        fb_jsonw_member_string(w, "fieldSubType", row[VALUE_COL_SUB_TYPE]);
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
    return 1;
}
