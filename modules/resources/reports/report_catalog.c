/*
 * report_catalog: the datasets of the reports (GET /v2/reports/datasets,
 * the official client's reports.listDatasets), as tables: each metric
 * with its aggregations, unit and views, each attribute with its
 * operators, kind of value and what it supports.  Only what this server
 * records and can count honestly is listed (docs/decisions.md,
 * "Reports"): conversations, their closings and their admins' replies,
 * tickets, posts and votes.  An organization's custom conversation
 * attributes and ticket fields are attributes too, read per request.
 */
#include <string.h>

#include "apr_strings.h"

#include "fb_json.h"
#include "fb_jsonw.h"
#include "reports.h"

extern const fb_statement_t fb_sql_report_conversations;
extern const fb_statement_t fb_sql_report_conversations_plain;
extern const fb_statement_t fb_sql_report_conversations_rollup;
extern const fb_statement_t fb_sql_report_conversations_rollup_plain;
extern const char *const fb_report_rollup_conversation_forms[];
extern const fb_statement_t fb_sql_report_first_reply_rollup;
extern const fb_statement_t fb_sql_report_first_reply_rollup_plain;
extern const fb_statement_t fb_sql_report_first_reply_days;
extern const fb_statement_t fb_sql_report_conversations_days;
extern const fb_statement_t fb_sql_report_conversations_days_plain;
extern const fb_statement_t fb_sql_report_first_reply;
extern const fb_statement_t fb_sql_report_first_reply_plain;
extern const fb_statement_t fb_sql_report_closes;
extern const fb_statement_t fb_sql_report_closes_plain;
extern const fb_statement_t fb_sql_report_replies;
extern const fb_statement_t fb_sql_report_replies_plain;
extern const fb_statement_t fb_sql_report_tickets;
extern const fb_statement_t fb_sql_report_tickets_plain;
extern const fb_statement_t fb_sql_report_posts;
extern const fb_statement_t fb_sql_report_posts_plain;
extern const fb_statement_t fb_sql_report_votes;
extern const fb_statement_t fb_sql_report_votes_plain;
extern const fb_statement_t fb_sql_report_drill_conversations;
extern const fb_statement_t fb_sql_report_drill_first_reply;
extern const fb_statement_t fb_sql_report_drill_closes;
extern const fb_statement_t fb_sql_report_drill_replies;
extern const fb_statement_t fb_sql_report_drill_tickets;
extern const fb_statement_t fb_sql_report_drill_posts;
extern const fb_statement_t fb_sql_report_drill_votes;

/* ---- operators, kinds, aggregations: the client's names ---- */

typedef struct {
    unsigned bit;
    const char *name;
} fb_report_name_t;

static const fb_report_name_t fb_report_ops[] = {
    {.bit = FB_ROP_IS, .name = "is"},
    {.bit = FB_ROP_IS_NOT, .name = "is_not"},
    {.bit = FB_ROP_IN, .name = "in"},
    {.bit = FB_ROP_NOT_IN, .name = "not_in"},
    {.bit = FB_ROP_CONTAINS, .name = "contains"},
    {.bit = FB_ROP_NOT_CONTAINS, .name = "not_contains"},
    {.bit = FB_ROP_GTE, .name = "gte"},
    {.bit = FB_ROP_LTE, .name = "lte"},
    {.bit = FB_ROP_BETWEEN, .name = "between"},
    {.bit = FB_ROP_EXISTS, .name = "exists"},
    {.bit = FB_ROP_NOT_EXISTS, .name = "not_exists"},
    {.bit = FB_ROP_MEMBER, .name = "is_member_of"},
    {.bit = FB_ROP_NOT_MEMBER, .name = "is_not_member_of"},
    {.bit = 0, .name = NULL}
};

static const fb_report_name_t fb_report_aggs[] = {
    {.bit = FB_RAGG_COUNT, .name = "count"},
    {.bit = FB_RAGG_SUM, .name = "sum"},
    {.bit = FB_RAGG_AVG, .name = "avg"},
    {.bit = FB_RAGG_MEDIAN, .name = "median"},
    {.bit = FB_RAGG_MIN, .name = "min"},
    {.bit = FB_RAGG_MAX, .name = "max"},
    {.bit = FB_RAGG_PERCENTILE, .name = "percentile"},
    {.bit = FB_RAGG_VALUE, .name = "value"},
    {.bit = 0, .name = NULL}
};

static const fb_report_name_t fb_report_views[] = {
    {.bit = FB_RVIEW_STANDARD, .name = "standard"},
    {.bit = FB_RVIEW_HEATMAP, .name = "hourly_heatmap"},
    {.bit = FB_RVIEW_SANKEY, .name = "sankey"},
    {.bit = 0, .name = NULL}
};

static const char *fb_report_name_of(const fb_report_name_t *t,
                                     unsigned bit)
{
    for (; t->name != NULL; t++) {
        if (t->bit == bit) {
            return t->name;
        }
    }
    return NULL;
}

static unsigned fb_report_bit_of(const fb_report_name_t *t,
                                 const char *name)
{
    for (; t->name != NULL; t++) {
        if (strcmp(t->name, name) == 0) {
            return t->bit;
        }
    }
    return 0;
}

const char *fb_report_op_name(unsigned bit)
{
    return fb_report_name_of(fb_report_ops, bit);
}

unsigned fb_report_op_bit(const char *name)
{
    return fb_report_bit_of(fb_report_ops, name);
}

const char *fb_report_agg_name(unsigned bit)
{
    return fb_report_name_of(fb_report_aggs, bit);
}

unsigned fb_report_agg_bit(const char *name)
{
    return fb_report_bit_of(fb_report_aggs, name);
}

const char *fb_report_value_name(fb_report_value_e v)
{
    static const char *const names[] = {
        [FB_RV_STRING] = "string", [FB_RV_NUMBER] = "number",
        [FB_RV_BOOLEAN] = "boolean", [FB_RV_DATE] = "date",
        [FB_RV_ENUM] = "enum", [FB_RV_ID] = "id"
    };
    return names[v];
}

/* ---- the tables ---- */

static const fb_report_option_t fb_report_channels[] = {
    {.value = "desktop", .label = "Chat"},
    {.value = "email", .label = "Email"},
    {.value = NULL}
};

static const fb_report_option_t fb_report_states[] = {
    {.value = "open", .label = "Open"},
    {.value = "closed", .label = "Closed"},
    {.value = "snoozed", .label = "Snoozed"},
    {.value = NULL}
};

static const fb_report_option_t fb_report_booleans[] = {
    {.value = "true", .label = "Yes"},
    {.value = "false", .label = "No"},
    {.value = NULL}
};

static const fb_report_option_t fb_report_initiators[] = {
    {.value = "customer_initiated", .label = "Customer initiated"},
    {.value = "admin_initiated", .label = "Teammate initiated"},
    {.value = NULL}
};

static const fb_report_option_t fb_report_visibilities[] = {
    {.value = "public", .label = "Public"},
    {.value = "private", .label = "Private"},
    {.value = NULL}
};

/* The attributes of a conversation, which every conversation dataset
 * has. */
#define FB_REPORT_CONVERSATION_ATTRS \
    {.id = "conversation.channel", .form = "conversation.channel", \
     .name = "Channel", .category = "Conversation", \
     .description = "Where the conversation began: chat or email.", \
     .type = FB_RV_ENUM, .ops = FB_ROPS_ID, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP, \
     .options = fb_report_channels}, \
    {.id = "conversation.state", .form = "conversation.state", \
     .name = "State", .category = "Conversation", \
     .description = "The conversation's state now.", \
     .type = FB_RV_ENUM, .ops = FB_ROPS_ID, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP, \
     .options = fb_report_states}, \
    {.id = "conversation.priority", .form = "conversation.priority", \
     .name = "Priority", .category = "Conversation", \
     .description = "Whether the conversation is marked priority.", \
     .type = FB_RV_BOOLEAN, .ops = FB_ROPS_BOOL, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP, \
     .options = fb_report_booleans}, \
    {.id = "conversation.initiator", .form = "conversation.initiator", \
     .name = "Started by", .category = "Conversation", \
     .description = "Whether a customer or a teammate began it.", \
     .type = FB_RV_ENUM, .ops = FB_ROPS_ID, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP, \
     .options = fb_report_initiators}, \
    {.id = "conversation.language", .form = "conversation.language", \
     .name = "Language", .category = "Conversation", \
     .description = "The conversation's language code.", \
     .type = FB_RV_STRING, .ops = FB_ROPS_TEXT, \
     .flags = FB_RA_FILTER | FB_RA_GROUP}, \
    {.id = "conversation.tags", .form = "conversation.tags", \
     .name = "Tag", .category = "Conversation", \
     .description = "The conversation's tags (a conversation counts " \
                    "under each of its tags).", \
     .type = FB_RV_ID, .ops = FB_ROPS_MULTI, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP | FB_RA_MULTI}, \
    {.id = "conversation.team", .form = "conversation.team", \
     .name = "Team assigned", .category = "Assignment", \
     .description = "The team the conversation is assigned to now.", \
     .type = FB_RV_ID, .ops = FB_ROPS_ID, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP}, \
    {.id = "conversation.assignee", .form = "conversation.assignee", \
     .name = "Teammate assigned", .category = "Assignment", \
     .description = "The teammate the conversation is assigned to now.", \
     .type = FB_RV_ID, .ops = FB_ROPS_ID, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP}, \
    {.id = "conversation.brand", .form = "conversation.brand", \
     .name = "Brand", .category = "Conversation", \
     .description = "The brand the conversation belongs to.", \
     .type = FB_RV_ID, .ops = FB_ROPS_ID, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP}

static const fb_report_attr_t fb_report_conversation_attrs[] = {
    FB_REPORT_CONVERSATION_ATTRS,
    {.id = NULL}
};

static const fb_report_attr_t fb_report_reply_attrs[] = {
    {.id = "reply.admin", .form = "reply.admin", .name = "Replied by",
     .category = "Reply", .description = "The teammate who sent the reply.",
     .type = FB_RV_ID, .ops = FB_ROPS_ID,
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP},
    {.id = "reply.channel", .form = "reply.channel", .name = "Reply channel",
     .category = "Reply", .description = "How the reply was sent.",
     .type = FB_RV_ENUM, .ops = FB_ROPS_ID,
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP,
     .options = (const fb_report_option_t[]){
         {.value = "admin_msg", .label = "Chat"},
         {.value = "email_msg", .label = "Email"}, {.value = NULL}}},
    FB_REPORT_CONVERSATION_ATTRS,
    {.id = NULL}
};

static const fb_report_attr_t fb_report_ticket_attrs[] = {
    {.id = "ticket.category", .form = "ticket.category", .name = "Category",
     .category = "Ticket", .description = "The ticket's category.",
     .type = FB_RV_ID, .ops = FB_ROPS_ID,
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP},
    {.id = "ticket.status", .form = "ticket.status", .name = "Status",
     .category = "Ticket", .description = "The ticket's status now.",
     .type = FB_RV_ID, .ops = FB_ROPS_ID,
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP},
    {.id = "ticket.open", .form = "ticket.open", .name = "Open",
     .category = "Ticket", .description = "Whether the ticket is open now.",
     .type = FB_RV_BOOLEAN, .ops = FB_ROPS_BOOL,
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP,
     .options = fb_report_booleans},
    {.id = "ticket.assignee", .form = "ticket.assignee",
     .name = "Teammate assigned", .category = "Assignment",
     .description = "The teammate the ticket is assigned to now.",
     .type = FB_RV_ID, .ops = FB_ROPS_ID,
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP},
    {.id = "ticket.company", .form = "ticket.company", .name = "Company",
     .category = "Customer", .description = "The ticket's company.",
     .type = FB_RV_ID, .ops = FB_ROPS_ID,
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP},
    {.id = NULL}
};

#define FB_REPORT_POST_ATTRS \
    {.id = "post.board", .form = "post.board", .name = "Board", \
     .category = "Post", .description = "The post's board.", \
     .type = FB_RV_ID, .ops = FB_ROPS_ID, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP}, \
    {.id = "post.status", .form = "post.status", .name = "Status", \
     .category = "Post", .description = "The post's status now.", \
     .type = FB_RV_ID, .ops = FB_ROPS_ID, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP}, \
    {.id = "post.tags", .form = "post.tags", .name = "Tag", \
     .category = "Post", \
     .description = "The post's tags (a post counts under each).", \
     .type = FB_RV_ID, .ops = FB_ROPS_MULTI, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP | FB_RA_MULTI}, \
    {.id = "post.visibility", .form = "post.visibility", \
     .name = "Visibility", .category = "Post", \
     .description = "Whether the post is public or private.", \
     .type = FB_RV_ENUM, .ops = FB_ROPS_ID, \
     .flags = FB_RA_FILTER | FB_RA_GROUP | FB_RA_LOOKUP, \
     .options = fb_report_visibilities}

static const fb_report_attr_t fb_report_post_attrs[] = {
    FB_REPORT_POST_ATTRS,
    {.id = NULL}
};

#define FB_REPORT_VIEWS (FB_RVIEW_STANDARD | FB_RVIEW_HEATMAP)

static const fb_report_metric_t fb_report_conversation_metrics[] = {
    {.id = "new_conversations", .name = "New conversations",
     .description = "Conversations begun in the window.",
     .type = "count", .unit = "count", .aggs = FB_RAGG_COUNT,
     .views = FB_REPORT_VIEWS, .st = &fb_sql_report_conversations,
     .plain = &fb_sql_report_conversations_plain,
     .drill = &fb_sql_report_drill_conversations,
     .rollup = &fb_sql_report_conversations_rollup,
     .rollup_plain = &fb_sql_report_conversations_rollup_plain,
     .rollup_forms = fb_report_rollup_conversation_forms,
     .rollup_days = &fb_sql_report_conversations_days,
     .rollup_days_plain = &fb_sql_report_conversations_days_plain,
     .days_forms = fb_report_rollup_conversation_forms},
    {.id = "time_to_first_reply", .name = "Time to first reply",
     .description = "From a conversation's start to its first reply by a "
                    "teammate, for the conversations begun in the window "
                    "that have one.",
     .type = "duration", .unit = "duration_ms",
     .aggs = FB_RAGGS_DURATION | FB_RAGG_COUNT,
     .views = FB_REPORT_VIEWS, .st = &fb_sql_report_first_reply,
     .plain = &fb_sql_report_first_reply_plain,
     .drill = &fb_sql_report_drill_first_reply,
     .rollup = &fb_sql_report_first_reply_rollup,
     .rollup_plain = &fb_sql_report_first_reply_rollup_plain,
     .rollup_forms = fb_report_rollup_conversation_forms,
     .rollup_days_plain = &fb_sql_report_first_reply_days},
    {.id = "closed_conversations", .name = "Closed conversations",
     .description = "Closings in the window (a conversation closed twice "
                    "counts twice).",
     .type = "count", .unit = "count", .aggs = FB_RAGG_COUNT,
     .views = FB_REPORT_VIEWS, .st = &fb_sql_report_closes,
     .plain = &fb_sql_report_closes_plain,
     .drill = &fb_sql_report_drill_closes},
    {.id = "time_to_close", .name = "Time to close",
     .description = "From a conversation's start to each closing in the "
                    "window.",
     .type = "duration", .unit = "duration_ms",
     .aggs = FB_RAGGS_DURATION | FB_RAGG_COUNT,
     .views = FB_REPORT_VIEWS, .st = &fb_sql_report_closes,
     .plain = &fb_sql_report_closes_plain,
     .drill = &fb_sql_report_drill_closes},
    {.id = NULL}
};

static const fb_report_metric_t fb_report_reply_metrics[] = {
    {.id = "replies_sent", .name = "Replies sent",
     .description = "Replies teammates sent in the window (notes are not "
                    "replies); by teammate, the replies per admin.",
     .type = "count", .unit = "count", .aggs = FB_RAGG_COUNT,
     .views = FB_REPORT_VIEWS, .st = &fb_sql_report_replies,
     .plain = &fb_sql_report_replies_plain,
     .drill = &fb_sql_report_drill_replies},
    {.id = NULL}
};

static const fb_report_metric_t fb_report_ticket_metrics[] = {
    {.id = "new_tickets", .name = "New tickets",
     .description = "Tickets made in the window.",
     .type = "count", .unit = "count", .aggs = FB_RAGG_COUNT,
     .views = FB_REPORT_VIEWS, .st = &fb_sql_report_tickets,
     .plain = &fb_sql_report_tickets_plain,
     .drill = &fb_sql_report_drill_tickets},
    {.id = NULL}
};

static const fb_report_metric_t fb_report_post_metrics[] = {
    {.id = "new_posts", .name = "New posts",
     .description = "Posts made in the window.",
     .type = "count", .unit = "count", .aggs = FB_RAGG_COUNT,
     .views = FB_REPORT_VIEWS, .st = &fb_sql_report_posts,
     .plain = &fb_sql_report_posts_plain,
     .drill = &fb_sql_report_drill_posts},
    {.id = NULL}
};

static const fb_report_metric_t fb_report_vote_metrics[] = {
    {.id = "new_votes", .name = "Votes",
     .description = "Votes customers gave in the window, by the post's "
                    "board, status and tags.",
     .type = "count", .unit = "count", .aggs = FB_RAGG_COUNT,
     .views = FB_REPORT_VIEWS, .st = &fb_sql_report_votes,
     .plain = &fb_sql_report_votes_plain,
     .drill = &fb_sql_report_drill_votes},
    {.id = NULL}
};

const fb_report_dataset_t fb_report_datasets[] = {
    {.id = "conversations", .name = "Conversations",
     .description = "Conversations: how many begin and close, how soon "
                    "teammates reply and close them.",
     .metrics = fb_report_conversation_metrics,
     .attributes = fb_report_conversation_attrs, .custom = "conversation"},
    {.id = "conversation_replies", .name = "Replies",
     .description = "Teammates' replies in conversations: the workload.",
     .metrics = fb_report_reply_metrics,
     .attributes = fb_report_reply_attrs, .custom = "conversation"},
    {.id = "tickets", .name = "Tickets",
     .description = "Tickets made, by category, status and assignee.",
     .metrics = fb_report_ticket_metrics,
     .attributes = fb_report_ticket_attrs, .custom = "ticket"},
    {.id = "posts", .name = "Posts",
     .description = "Feedback posts made, by board, status and tag.",
     .metrics = fb_report_post_metrics,
     .attributes = fb_report_post_attrs, .custom = NULL},
    {.id = "votes", .name = "Votes",
     .description = "Votes on feedback posts.",
     .metrics = fb_report_vote_metrics,
     .attributes = fb_report_post_attrs, .custom = NULL},
    {.id = NULL}
};

/* ---- custom attributes ---- */

enum { CUSTOM_COL_SCOPE, CUSTOM_COL_ID, CUSTOM_COL_KEY, CUSTOM_COL_NAME,
       CUSTOM_COL_TYPE, CUSTOM_COL_OPTIONS };

/* An organization's conversation attributes (not archived) and ticket
 * fields (but files), oldest first. */
FB_SQL(report_custom_attributes, 0,
    "SELECT 'conversation' AS scope, a.identifier, lower(a.id), a.name, "
    "  a.field_sub_type, a.options::text, a.created_at, a.id "
    "FROM conversation_attributes a "
    "WHERE a.org_id = %s AND NOT a.archived "
    "UNION ALL "
    "SELECT 'ticket', f.id, f.id, f.label, f.type, f.options::text, "
    "  f.created_at, f.id "
    "FROM custom_fields f "
    "WHERE f.org_id = $1 AND f.scope = 'ticket' AND f.type <> 'file' "
    "ORDER BY 1, 7, 8");

const fb_statement_t *const fb_report_catalog_statements[] = {
    &fb_sql_report_custom_attributes, NULL
};

/* The options [{id, label}] of a select as static options. */
static const fb_report_option_t *fb_report_custom_options(apr_pool_t *p,
                                                          const char *text)
{
    json_object *a = text ? fb_json_owned(p, json_tokener_parse(text)) : NULL;
    apr_size_t i, n = a && json_object_is_type(a, json_type_array)
                      ? json_object_array_length(a) : 0;
    fb_report_option_t *o = apr_pcalloc(p, (n + 1) * sizeof(*o));

    for (i = 0; i < n; i++) {
        json_object *one = json_object_array_get_idx(a, i);

        o[i].value = apr_pstrdup(p, fb_json_string(one, "id"));
        o[i].label = apr_pstrdup(p, fb_json_string(one, "label"));
        if (o[i].value == NULL || o[i].label == NULL) {
            o[i].value = o[i].label = "";
        }
    }
    return o;
}

/* A definition's row as an attribute of scope (conversation, ticket). */
static void fb_report_custom_row(apr_pool_t *p, const fb_rows_t *rows,
                                 int r, fb_report_attr_t *a)
{
    const char *scope = fb_rows_get(rows, r, CUSTOM_COL_SCOPE);
    const char *type = fb_rows_get(rows, r, CUSTOM_COL_TYPE);
    int conv = strcmp(scope, "conversation") == 0;

    memset(a, 0, sizeof(*a));
    a->id = apr_pstrcat(p, scope, ".custom.",
                        fb_rows_get(rows, r, CUSTOM_COL_ID), NULL);
    a->form = conv ? "conversation.custom" : "ticket.custom";
    a->key = fb_rows_get(rows, r, CUSTOM_COL_KEY);
    a->name = fb_rows_get(rows, r, CUSTOM_COL_NAME);
    a->category = conv ? "Conversation attributes" : "Ticket fields";
    a->description = apr_pstrcat(p, "The custom ",
                                 conv ? "attribute" : "field", " \"",
                                 a->name, "\" (", type, ").", NULL);
    a->flags = FB_RA_FILTER;
    if (strcmp(type, "number") == 0) {
        a->type = FB_RV_NUMBER;
        a->ops = FB_ROPS_NUMBER;
    }
    else if (strcmp(type, "date") == 0) {
        a->type = FB_RV_DATE;
        a->ops = FB_ROPS_DATE;
    }
    else if (strcmp(type, "checkbox") == 0) {
        a->type = FB_RV_BOOLEAN;
        a->ops = FB_ROPS_BOOL;
        a->flags |= FB_RA_GROUP | FB_RA_LOOKUP;
        a->options = fb_report_booleans;
    }
    else if (strcmp(type, "select") == 0
             || strcmp(type, "multi-select") == 0) {
        a->type = FB_RV_ENUM;
        a->ops = type[0] == 'm' ? FB_ROPS_MULTI : FB_ROPS_ID;
        a->flags |= FB_RA_GROUP | FB_RA_LOOKUP
                    | (type[0] == 'm' ? FB_RA_MULTI : 0);
        a->options = fb_report_custom_options(
            p, fb_rows_get(rows, r, CUSTOM_COL_OPTIONS));
    }
    else {
        a->type = FB_RV_STRING;
        a->ops = FB_ROPS_TEXT;
        a->flags |= FB_RA_GROUP;
    }
}

fb_error_t *fb_report_custom_load(fb_req_t *fr, fb_report_custom_t *c)
{
    fb_rows_t rows;
    fb_error_t *err;
    int r, nc = 0, nt = 0;

    if ((err = fb_req_select(fr, &fb_sql_report_custom_attributes, FB_NO_ARGS,
                             &rows)) != NULL) {
        return err;
    }
    c->conversation = apr_pcalloc(fr->pool, (rows.nrows + 1)
                                            * sizeof(fb_report_attr_t));
    c->ticket = apr_pcalloc(fr->pool, (rows.nrows + 1)
                                      * sizeof(fb_report_attr_t));
    for (r = 0; r < rows.nrows; r++) {
        if (strcmp(fb_rows_get(&rows, r, CUSTOM_COL_SCOPE),
                   "conversation") == 0) {
            fb_report_custom_row(fr->pool, &rows, r, &c->conversation[nc++]);
        }
        else {
            fb_report_custom_row(fr->pool, &rows, r, &c->ticket[nt++]);
        }
    }
    return NULL;
}

const fb_report_attr_t *fb_report_custom_of(const fb_report_custom_t *c,
                                            const fb_report_dataset_t *d)
{
    static const fb_report_attr_t none[] = {{.id = NULL}};

    if (d->custom == NULL || c == NULL) {
        return none;
    }
    return strcmp(d->custom, "conversation") == 0 ? c->conversation
                                                  : c->ticket;
}

const fb_report_metric_t *fb_report_metric(
    const char *id, const fb_report_dataset_t **dataset)
{
    const fb_report_dataset_t *d;
    const fb_report_metric_t *m;

    for (d = fb_report_datasets; d->id != NULL; d++) {
        for (m = d->metrics; m->id != NULL; m++) {
            if (strcmp(m->id, id) == 0) {
                *dataset = d;
                return m;
            }
        }
    }
    return NULL;
}

const fb_report_attr_t *fb_report_attr(const fb_report_dataset_t *d,
                                       const fb_report_custom_t *c,
                                       const char *id)
{
    const fb_report_attr_t *a;

    for (a = d->attributes; a->id != NULL; a++) {
        if (strcmp(a->id, id) == 0) {
            return a;
        }
    }
    for (a = fb_report_custom_of(c, d); a->id != NULL; a++) {
        if (strcmp(a->id, id) == 0) {
            return a;
        }
    }
    return NULL;
}

/* ---- the answer ---- */

static void fb_report_write_names(fb_jsonw_t *w, const char *key,
                                  const fb_report_name_t *t, unsigned mask)
{
    fb_jsonw_key(w, key);
    fb_jsonw_array(w);
    for (; t->name != NULL; t++) {
        if (mask & t->bit) {
            fb_jsonw_string(w, t->name);
        }
    }
    fb_jsonw_end(w);
}

static void fb_report_write_bool(fb_jsonw_t *w, const char *key, int b)
{
    fb_jsonw_key(w, key);
    fb_jsonw_raw(w, b ? "true" : "false");
}

static void fb_report_write_attr(fb_jsonw_t *w, const fb_report_attr_t *a)
{
    const fb_report_option_t *o;

    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "id", a->id);
    fb_report_write_names(w, "allowedOperators", fb_report_ops, a->ops);
    fb_jsonw_member_string(w, "category", a->category);
    fb_jsonw_member_string(w, "description", a->description);
    fb_jsonw_member_string(w, "name", a->name);
    fb_report_write_bool(w, "supportsFilter", a->flags & FB_RA_FILTER);
    fb_report_write_bool(w, "supportsGroupBy", a->flags & FB_RA_GROUP);
    fb_report_write_bool(w, "supportsValueLookup", a->flags & FB_RA_LOOKUP);
    fb_jsonw_member_string(w, "valueType", fb_report_value_name(a->type));
    fb_report_write_bool(w, "multiValue", a->flags & FB_RA_MULTI);
    if (a->options != NULL) {
        fb_jsonw_key(w, "staticOptions");
        fb_jsonw_array(w);
        for (o = a->options; o->value != NULL; o++) {
            fb_jsonw_object(w);
            fb_jsonw_member_string(w, "label", o->label);
            fb_jsonw_member_string(w, "value", o->value);
            fb_jsonw_end(w);
        }
        fb_jsonw_end(w);
    }
    fb_jsonw_end(w);
}

static void fb_report_write_metric(fb_jsonw_t *w,
                                   const fb_report_metric_t *m)
{
    fb_jsonw_object(w);
    fb_jsonw_member_string(w, "id", m->id);
    fb_report_write_names(w, "allowedAggregations", fb_report_aggs,
                          m->aggs);
    fb_jsonw_member_string(w, "description", m->description);
    fb_jsonw_member_string(w, "name", m->name);
    fb_report_write_names(w, "supportedViews", fb_report_views, m->views);
    /* No organization setting says office hours here (docs/decisions.md,
     * "Reports"). */
    fb_report_write_bool(w, "supportsOfficeHours", 0);
    fb_report_write_bool(w, "supportsPeriodComparison", 1);
    fb_jsonw_member_string(w, "type", m->type);
    fb_jsonw_member_string(w, "unit", m->unit);
    fb_jsonw_end(w);
}

/* GET /reports/datasets: every dataset, with this organization's custom
 * attributes. */
static fb_error_t *fb_report_datasets_get(fb_req_t *fr)
{
    const fb_report_dataset_t *d;
    const fb_report_metric_t *m;
    const fb_report_attr_t *a;
    fb_report_custom_t custom;
    fb_jsonw_t w;
    fb_error_t *err;

    if ((err = fb_report_custom_load(fr, &custom)) != NULL) {
        return err;
    }
    fb_jsonw_init(&w, fr->pool, 16384);
    fb_jsonw_compact(&w);
    fb_jsonw_key(&w, "data");
    fb_jsonw_array(&w);
    for (d = fb_report_datasets; d->id != NULL; d++) {
        fb_jsonw_object(&w);
        fb_jsonw_member_string(&w, "id", d->id);
        fb_jsonw_key(&w, "attributes");
        fb_jsonw_array(&w);
        for (a = d->attributes; a->id != NULL; a++) {
            fb_report_write_attr(&w, a);
        }
        for (a = fb_report_custom_of(&custom, d); a->id != NULL; a++) {
            fb_report_write_attr(&w, a);
        }
        fb_jsonw_end(&w);
        fb_jsonw_member_string(&w, "description", d->description);
        fb_jsonw_key(&w, "metrics");
        fb_jsonw_array(&w);
        for (m = d->metrics; m->id != NULL; m++) {
            fb_report_write_metric(&w, m);
        }
        fb_jsonw_end(&w);
        fb_jsonw_member_string(&w, "name", d->name);
        fb_jsonw_end(&w);
    }
    fb_jsonw_end(&w);
    fb_jsonw_member_string(&w, "object", "list");
    fb_jsonw_end(&w);
    fb_respond(fr, HTTP_OK, fb_jsonw_text(&w, NULL));
    return NULL;
}

static const fb_op_t fb_report_datasets_op = {
    .handler = fb_report_datasets_get,
    .min_version = FB_VERSION_NOVA,
    .permission = FB_PERM_NONE,
};

static const fb_route_t fb_report_catalog_routes[] = {
    {"GET", "/reports/datasets", &fb_report_datasets_op},
    {NULL, NULL, NULL}
};

const fb_resource_module_t fb_report_catalog_module = {
    .name = "report catalog",
    .routes = fb_report_catalog_routes,
    .statements = fb_report_catalog_statements,
};
