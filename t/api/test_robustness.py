"""Robustness: every operation, given wrong types and hostile values in its
path, query and body, answers 2xx or an error in the envelope: never a
5xx, never a crash, never a log line of a failed statement.

The operations and their fields are listed here (the API surface as the
module serves it); a listed route the server does not know fails the
test, so the list cannot silently rot.  Each request goes to a real
object of a Nova organization, so values that pass the rule tables reach
the handlers' own checks.  Destructive operations get ids of objects made
for them, one per request.
"""
import json
import re
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from conftest import Org, error_log_lines, httpd, log_offset
from helpers import NOVA, assert_error

# Values for any field: every JSON type, limits, and hostile strings.
VALUES = [
    None, True, False, 0, -1, 2 ** 63, -2 ** 63 - 1, 1e308, -0.5, "", " ",
    "x" * 70000, "a\u0000b", "\ud800", "\u202e\u00e9\U0001f642",
    "2026-13-45T99:99:99Z", "1e999", "<script>alert(1)</script>",
    "' OR 1=1 --", "%s%n%x", "../../etc/passwd", [], [None, 1, "x"],
    ["x" * 300] * 101, {}, {"a": {"b": [None]}}, {"": ""},
]

# Whole bodies that are not a JSON object, or not JSON at all.
BODIES = [
    b"", b"null", b"[]", b'"x"', b"1", b"{", b'{"a":1}x', b"\xff\xfe{}",
    b"[" * 5000 + b"]" * 5000, b'{"a":1,"a":2}', b'{"a":"\\ud800"}',
    b'{"a":' * 100 + b"1" + b"}" * 100,
]

# Query values for any parameter.
QUERY_VALUES = ["", "-1", "0", "999999999999999999999", "x" * 5000,
                "\u00e9", "a,b,,c", "true", "null", "%00", "[]",
                "2026-02-30", "'; DROP TABLE posts; --"]

# Query parameters of the list operations.
QUERY = ["limit", "cursor", "q", "boardId", "statusId", "tags", "sortBy",
         "sortOrder", "inReview", "state", "locale", "categories",
         "startDate", "endDate", "postId", "changelogId", "parentCommentId",
         "privacy", "status", "email", "userId", "id", "list", "token",
          "expires", "signature", "includeArchived", "action", "domain",
         "helpCenterId", "parentId", "targetType", "url"]

# Path values that are not ids of anything.  An escaped NUL or slash is
# not among them: httpd itself refuses those paths (404) before any module
# runs (docs/decisions.md, "Errors").
PATH_VALUES = ["0" * 24, "x" * 300, "..", "%2E%2E", "%C3%A9", "a%20b",
               "' OR 1=1 --", "-1", "%FF%FE", "%25", "a;b", "~"]

PERSON = ["id", "userId", "email", "name", "profilePicture"]
COMPANY = ["id", "name", "monthlySpend", "industry", "website", "plan",
           "companySize", "createdAt", "customFields", "companyHash"]
PREFERENCES = ["all", "postUpdates", "postComments", "commentReplies",
               "changelog"]

# (method, path, body fields): the operations.  {name} is a path
# parameter; the fixture fills each with a real object's id.
OPERATIONS = [
    ("GET", "/boards", []),
    ("GET", "/boards/{board}", []),
    ("GET", "/post_statuses", []),
    ("GET", "/post_statuses/{status}", []),
    ("GET", "/custom_fields", []),
    ("GET", "/custom_fields/{field}", []),
    ("GET", "/admins", []),
    ("GET", "/admins/roles", []),
    ("GET", "/admins/{admin}", []),
    ("GET", "/teams", []),
    ("GET", "/teams/{team}", []),
    ("GET", "/brands", []),
    ("GET", "/brands/{brand}", []),
    ("POST", "/brands", ["name", "isDefault", "helpCenterId",
                         "senderEmailAddressId"]),
    ("GET", "/posts", []),
    ("POST", "/posts", ["title", "boardId", "content", "tags",
                        "commentsEnabled", "statusId", "author", "inReview",
                        "customFields", "eta", "createdAt", "assigneeId",
                        "visibility", "upvotes", "notifyAdmins",
                        "integrations"]),
    ("GET", "/posts/{post}", []),
    ("PATCH", "/posts/{post}", ["title", "content", "boardId", "statusId",
                                "tags", "commentsEnabled", "inReview",
                                "isPinned", "customFields", "eta",
                                "createdAt", "assigneeId", "visibility",
                                "author", "sendStatusUpdateEmail",
                                "upvotes"]),
    ("DELETE", "/posts/{post!}", []),
    ("POST", "/posts/search", ["cursor", "limit", "query", "search",
                               "sort"]),
    ("GET", "/posts/{post}/voters", []),
    ("POST", "/posts/{post}/voters", PERSON),
    # A fresh post each time: its author (the key's admin) has a vote
    # on it to remove.
    ("DELETE", "/posts/{post!}/voters", ["id", "userId", "email"]),
    ("GET", "/comments", []),
    ("POST", "/comments", ["content", "postId", "changelogId",
                           "parentCommentId", "isPrivate",
                           "sendNotification", "author", "createdAt",
                           "upvotes", "downvotes"]),
    ("GET", "/comments/{comment}", []),
    ("PATCH", "/comments/{comment}", ["content", "isPrivate", "isPinned",
                                      "inReview", "createdAt", "upvotes",
                                      "downvotes"]),
    ("DELETE", "/comments/{comment!}", []),
    ("POST", "/comments/search", ["cursor", "limit", "query", "search",
                                  "sort"]),
    ("DELETE", "/comment", ["id"]),
    ("GET", "/changelogs", []),
    ("POST", "/changelogs", ["title", "htmlContent", "markdownContent",
                             "categories", "featuredImage",
                             "allowedSegmentIds", "locale", "date",
                             "state"]),
    ("GET", "/changelogs/{changelog}", []),
    ("PATCH", "/changelogs/{changelog}", ["title", "htmlContent",
                                          "markdownContent", "categories",
                                          "featuredImage",
                                          "allowedSegmentIds", "locale",
                                          "date"]),
    ("DELETE", "/changelogs/{changelog!}", []),
    ("POST", "/changelogs/{changelog}/publish", ["sendEmail", "locales",
                                                 "scheduledDate"]),
    ("POST", "/changelogs/{changelog}/unpublish", ["locales"]),
    ("POST", "/changelogs/subscribers", ["emails", "locale"]),
    ("DELETE", "/changelogs/subscribers", ["emails"]),
    ("GET", "/contacts", []),
    ("POST", "/contacts", ["email", "userId", "userHash", "name",
                           "profilePicture", "companies", "customFields",
                           "subscribedToChangelog", "locale", "phone",
                           "roles", "createdAt"]),
    ("GET", "/contacts/{contact}", []),
    ("DELETE", "/contacts/{contact!}", []),
    ("GET", "/contacts/by-user-id/{user}", []),
    ("DELETE", "/contacts/by-user-id/{user!}", []),
    ("GET", "/contacts/{contact}/email-preferences", []),
    ("PATCH", "/contacts/{contact}/email-preferences", ["preferences"]),
    ("GET", "/contacts/by-user-id/{user}/email-preferences", []),
    ("PATCH", "/contacts/by-user-id/{user}/email-preferences",
     ["preferences"]),
    ("POST", "/contacts/{contact}/block", []),
    ("POST", "/contacts/{contact}/unblock", []),
    ("POST", "/contacts/search", ["cursor", "limit", "query", "sort"]),
    ("GET", "/companies", []),
    ("POST", "/companies", ["companyId", "name", "monthlySpend", "industry",
                            "website", "plan", "companySize", "createdAt",
                            "customFields"]),
    ("GET", "/companies/{company}", []),
    ("DELETE", "/companies/{company!}", []),
    ("POST", "/companies/search", ["cursor", "limit", "query", "sort"]),
    ("DELETE", "/companies/by-company-id/{companyRef!}", []),
    ("GET", "/companies/{company}/contacts", []),
    ("POST", "/companies/{company}/contacts", ["contactId"]),
    ("DELETE", "/companies/{company}/contacts/{contact}", []),
    ("GET", "/webhooks", []),
    ("POST", "/webhooks", ["name", "url", "description", "topics",
                           "requestConfig"]),
    ("GET", "/webhooks/{webhook}", []),
    ("PATCH", "/webhooks/{webhook}", ["name", "url", "description",
                                      "topics", "requestConfig", "status"]),
    ("DELETE", "/webhooks/{webhook!}", []),
    ("POST", "/webhooks/{webhook}/secret", []),
    ("POST", "/webhooks/{webhook}/test", []),
    ("GET", "/webhooks/{webhook}/deliveries", []),
    ("POST", "/webhooks/{webhook}/deliveries/{delivery}/redeliver", []),
    ("GET", "/conversations", []),
    ("POST", "/conversations", ["from", "bodyMarkdown", "channel",
                                "recipients", "subject", "createdAt"]),
    ("GET", "/conversations/{conversation}", []),
    ("PATCH", "/conversations/{conversation}",
     ["actingAdminId", "state", "snoozedUntil", "adminAssigneeId",
      "teamAssigneeId", "title", "customAttributes", "markAsRead",
      "priority", "disableCustomerReply"]),
    ("DELETE", "/conversations/{conversation!}", []),
    ("POST", "/conversations/{conversation}/reply",
     ["type", "id", "userId", "bodyMarkdown", "messageType",
      "skipNotifications"]),
    ("POST", "/conversations/{conversation}/participants",
     ["participant", "actingAdminId"]),
    ("DELETE", "/conversations/{conversation!}/participants",
     ["id", "actingAdminId"]),
    ("POST", "/conversations/redact", ["type", "conversationId",
                                       "conversationPartId",
                                       "actingAdminId"]),
    ("POST", "/conversations/{conversation}/tags", ["tagId",
                                                    "actingAdminId"]),
    ("DELETE", "/conversations/{conversation}/tags/{tag}",
     ["actingAdminId"]),
    ("POST", "/conversations/search", ["cursor", "include", "limit",
                                       "query", "search", "sort"]),
    ("GET", "/tags", []),
    ("POST", "/tags", ["id", "name", "actingAdminId"]),
    ("GET", "/tags/{tag}", []),
    ("DELETE", "/tags/{tag!}", ["actingAdminId"]),
    ("GET", "/tickets/categories", []),
    ("GET", "/tickets/categories/{category}", []),
    ("GET", "/tickets/statuses", []),
    ("GET", "/tickets/statuses/{tstatus}", []),
    ("GET", "/tickets/custom_fields", []),
    ("GET", "/tickets/custom_fields/{tfield}", []),
    ("GET", "/tickets", []),
    ("POST", "/tickets", ["ticketCategoryId", "title", "author", "content",
                          "customFields", "companyId",
                          "linkedConversationId", "assigneeId", "statusId",
                          "createdAt", "skipNotifications"]),
    ("GET", "/tickets/{ticket}", []),
    ("PATCH", "/tickets/{ticket}", ["title", "content", "statusId", "open",
                                    "assigneeId", "companyId",
                                    "customFields", "snoozedUntil",
                                    "skipNotifications"]),
    ("DELETE", "/tickets/{ticket!}", []),
    ("POST", "/tickets/{ticket}/reply", None),
    ("GET", "/files/{file}", []),
    ("GET", "/email/unsubscribe", []),
    ("POST", "/email/unsubscribe", []),
    ("GET", "/openapi.json", []),
    ("GET", "/organization", []),
    ("PATCH", "/organization", None),
    ("GET", "/surveys", []),
    ("GET", "/surveys/{survey}", []),
    ("GET", "/surveys/{survey}/responses", []),
    ("POST", "/surveys/{survey}/responses", None),
    ("DELETE", "/surveys/{survey}/responses/{response!}", []),
    ("GET", "/api_keys", []),
    ("GET", "/audit-logs", []),
    ("GET", "/api_keys/{key}", []),
    ("GET", "/admins/roles/{role}", []),
    ("GET", "/conversation_attributes", []),
    ("GET", "/conversation_attributes/{attribute}", []),
    # Management extensions without a delete (archived instead).
    ("POST", "/conversation_attributes", None),
    ("PATCH", "/conversation_attributes/{attribute}", None),
    # The help center: one per organization, changed but never made or
    # deleted through the API.
    ("GET", "/help_center/help_centers", []),
    ("GET", "/help_center/help_centers/{helpcenter}", []),
    ("PATCH", "/help_center/help_centers/{helpcenter}", None),
    ("GET", "/help_center/collections", []),
    ("POST", "/help_center/collections", None),
    ("GET", "/help_center/collections/{collection}", []),
    ("PATCH", "/help_center/collections/{collection}", None),
    ("DELETE", "/help_center/collections/{collection!}", []),
    ("GET", "/help_center/articles", []),
    ("POST", "/help_center/articles", None),
    ("GET", "/help_center/articles/{article}", []),
    ("PATCH", "/help_center/articles/{article}", None),
    ("DELETE", "/help_center/articles/{article!}", []),
    ("POST", "/help_center/articles/search", ["cursor", "limit", "query",
                                              "search", "sort"]),
    ("GET", "/help_center/redirect_rules", []),
    ("POST", "/help_center/redirect_rules", None),
    ("GET", "/help_center/redirect_rules/by-url", []),
    ("GET", "/help_center/redirect_rules/{rule}", []),
    ("PATCH", "/help_center/redirect_rules/{rule}", None),
    ("DELETE", "/help_center/redirect_rules/{rule!}", []),
    # Reports (the official client's reports resource).
    ("GET", "/reports/datasets", []),
    ("POST", "/reports/query", ["metric", "aggregation", "startDate",
                                "endDate", "granularity", "timezone",
                                "filters", "groupBy", "segmentBy",
                                "compareStartDate", "compareEndDate",
                                "officeHoursOnly", "percentile", "view"]),
    ("POST", "/reports/filter-values", ["fieldId", "query", "limit",
                                        "selectedValues"]),
    ("POST", "/reports/drill-in", ["metric", "startDate", "endDate",
                                   "granularity", "timezone", "filters",
                                   "groupBy", "segmentBy",
                                   "officeHoursOnly", "view",
                                   "dataPointFilters", "page", "pageSize",
                                   "selectedMetricId", "sort"]),
] + [
    # What an organization sets up (management extensions): the body
    # fields of these come from the served description (None).
    op for path, kind in (
        ("/boards", "board"), ("/post_statuses", "status"),
        ("/custom_fields", "field"), ("/teams", "team"),
        ("/brands", "brand"), ("/admins", "admin"),
        ("/admins/roles", "role"), ("/api_keys", "key"),
        ("/surveys", "survey"), ("/tickets/categories", "category"),
        ("/tickets/statuses", "tstatus"),
        ("/tickets/custom_fields", "tfield"))
    for op in (("POST", path, None),
               ("PATCH", "%s/{%s}" % (path, kind), None),
               ("DELETE", "%s/{%s!}" % (path, kind), []))
    if op[:2] != ("POST", "/brands")
]

# A valid body of every operation that takes one: its required fields,
# {name} filled like a path (a '!' makes a new object).  Explicit null on
# an optional field means "not given" (decisions.md), so each of these
# with one optional field null must still succeed.
BASES = {
    ("POST", "/brands"): {"name": "Nulls"},
    ("POST", "/posts"): {"title": "Nulls", "boardId": "{board}"},
    ("PATCH", "/posts/{post}"): {},
    ("POST", "/posts/{post}/voters"): {},
    ("DELETE", "/posts/{post!}/voters"): {},
    ("POST", "/comments"): {"content": "<p>Nulls</p>", "postId": "{post}"},
    ("PATCH", "/comments/{comment}"): {},
    ("DELETE", "/comment"): {"id": "{comment!}"},
    ("POST", "/changelogs"): {"title": "Nulls", "htmlContent": "<p>N</p>"},
    ("PATCH", "/changelogs/{changelog}"): {},
    ("POST", "/changelogs/{changelog}/publish"): {},
    ("POST", "/changelogs/{changelog}/unpublish"): {},
    ("POST", "/changelogs/subscribers"): {"emails": ["n@robust.example"]},
    ("DELETE", "/changelogs/subscribers"): {"emails": ["n@robust.example"]},
    ("POST", "/contacts"): {"email": "nulls@robust.example"},
    ("PATCH", "/contacts/{contact}/email-preferences"):
        {"preferences": {"postUpdates": "subscribed"}},
    ("PATCH", "/contacts/by-user-id/{user}/email-preferences"):
        {"preferences": {"postUpdates": "subscribed"}},
    ("POST", "/companies"): {"companyId": "nulls", "name": "Nulls"},
    ("POST", "/companies/{company}/contacts"): {"contactId": "{contact}"},
    ("POST", "/webhooks"): {"name": "W", "url": "https://hooks.example.com/n",
                            "topics": ["post.created"]},
    ("PATCH", "/webhooks/{webhook}"): {},
    ("POST", "/conversations"): {
        "from": {"type": "contact", "id": "{contact}"},
        "bodyMarkdown": "Nulls"},
    ("PATCH", "/conversations/{conversation}"): {},
    ("POST", "/conversations/{conversation}/reply"): {
        "type": "admin", "id": "{admin}", "bodyMarkdown": "Nulls",
        "messageType": "reply"},
    ("POST", "/conversations/{conversation}/participants"): {
        "participant": {"id": "{contact}"}},
    ("DELETE", "/conversations/{conversation!}/participants"): {
        "id": "{contact}"},
    ("POST", "/conversations/redact"): {
        "type": "conversation_part", "conversationId": "{conversation}",
        "conversationPartId": "{part}"},
    ("POST", "/conversations/{conversation}/tags"): {
        "tagId": "{tag}", "actingAdminId": "{admin}"},
    ("DELETE", "/conversations/{conversation}/tags/{tag}"): {
        "actingAdminId": "{admin}"},
    ("POST", "/conversations/search"): {
        "query": {"field": "state", "operator": "=", "value": "open"}},
    ("POST", "/reports/query"): {
        "metric": "new_conversations", "aggregation": "count",
        "startDate": "2026-01-01", "endDate": "2026-01-31",
        "granularity": "day"},
    ("POST", "/reports/filter-values"): {"fieldId": "conversation.tags"},
    ("POST", "/reports/drill-in"): {
        "metric": "new_conversations", "startDate": "2026-01-01",
        "endDate": "2026-01-31", "granularity": "day"},
    ("POST", "/posts/search"): {
        "query": {"field": "upvotes", "operator": ">", "value": 0}},
    ("POST", "/comments/search"): {
        "query": {"field": "isPrivate", "operator": "=", "value": False}},
    ("POST", "/help_center/articles/search"): {
        "query": {"field": "state", "operator": "=", "value": "live"}},
    ("POST", "/companies/search"): {
        "query": {"field": "name", "operator": "~", "value": "n"}},
    ("POST", "/contacts/search"): {
        "query": {"field": "type", "operator": "=", "value": "lead"}},
    ("POST", "/tags"): {"name": "Nulls"},
    ("DELETE", "/tags/{tag!}"): {},
    ("POST", "/tickets"): {"ticketCategoryId": "{category}",
                           "title": "Nulls", "author": {}},
    ("PATCH", "/tickets/{ticket}"): {},
    ("POST", "/tickets/{ticket}/reply"): {"type": "admin",
                                          "adminId": "{admin}",
                                          "body": "Nulls"},
    ("PATCH", "/organization"): {},
    ("POST", "/surveys/{survey}/responses"): {
        "responses": [{"pageId": "rate", "value": 3}]},
    ("POST", "/boards"): {"name": "Nulls {unique!}"},
    ("POST", "/post_statuses"): {"name": "Nulls {unique!}",
                                 "type": "active"},
    ("POST", "/custom_fields"): {"label": "Nulls {unique!}",
                                 "type": "text"},
    ("POST", "/teams"): {"name": "Nulls {unique!}"},
    ("POST", "/admins"): {"name": "Nulls", "email": "{email!}",
                          "roleId": "{role}"},
    ("POST", "/admins/roles"): {"name": "Nulls {unique!}"},
    ("POST", "/api_keys"): {},
    ("POST", "/surveys"): {"title": "Nulls",
                           "pages": [{"type": "text", "title": "Q"}]},
    ("POST", "/tickets/categories"): {"name": "Nulls {unique!}",
                                      "supportBoardType": "customer"},
    ("POST", "/tickets/statuses"): {"name": "Nulls {unique!}",
                                    "type": "active"},
    ("POST", "/tickets/custom_fields"): {"label": "Nulls {unique!}",
                                         "type": "text"},
    ("POST", "/conversation_attributes"): {"name": "Nulls {unique!}",
                                           "fieldSubType": "text"},
    ("PATCH", "/conversation_attributes/{attribute}"): {},
    ("PATCH", "/help_center/help_centers/{helpcenter}"): {},
    ("POST", "/help_center/collections"): {"name": "Nulls"},
    ("PATCH", "/help_center/collections/{collection}"): {},
    ("POST", "/help_center/articles"): {"title": "Nulls"},
    ("PATCH", "/help_center/articles/{article}"): {},
    ("POST", "/help_center/redirect_rules"): {
        "helpCenterId": "{helpcenter}", "locale": "en",
        "fromUrl": "https://{domain}/{unique!}",
        "targetType": "collection", "targetId": "{collection}"},
    ("PATCH", "/help_center/redirect_rules/{rule}"): {},
}
for _path, _kind in (("/boards", "board"), ("/post_statuses", "status"),
                     ("/custom_fields", "field"), ("/teams", "team"),
                     ("/brands", "brand"), ("/admins", "admin"),
                     ("/admins/roles", "role"), ("/api_keys", "key"),
                     ("/surveys", "survey"),
                     ("/tickets/categories", "category"),
                     ("/tickets/statuses", "tstatus"),
                     ("/tickets/custom_fields", "tfield")):
    BASES[("PATCH", "%s/{%s}" % (_path, _kind))] = {}

# The members of the bodies' objects, each with a valid value of its own
# (a list: the object is an item of an array).
NESTED = {
    "author": ({}, PERSON),
    "companies": ([{"id": "nulls", "name": "Nulls"}], COMPANY),
    "requestConfig": ({}, ["timeoutMs", "headers"]),
    "preferences": ({"postUpdates": "subscribed"}, PREFERENCES),
    "participant": ({"id": "{contact}"}, ["id", "userId", "email"]),
    "markAsRead": ({}, ["allAdmins", "adminIds", "allContacts",
                        "contactIds"]),
    "query": ({"field": "state", "operator": "=", "value": "open"},
              ["field", "operator", "value"]),
}


# How a new object of each kind an organization sets up is made: the
# path it is created at and a valid body ("{name}" filled as in paths).
MADE = {
    "board": ("/boards", {"name": "B {unique!}"}),
    "status": ("/post_statuses", {"name": "S {unique!}", "type": "active"}),
    "field": ("/custom_fields", {"label": "F {unique!}", "type": "text"}),
    "tfield": ("/tickets/custom_fields", {"label": "F {unique!}",
                                          "type": "text"}),
    "category": ("/tickets/categories", {"name": "C {unique!}",
                                         "supportBoardType": "customer"}),
    "tstatus": ("/tickets/statuses", {"name": "S {unique!}",
                                      "type": "active"}),
    "team": ("/teams", {"name": "T {unique!}"}),
    "collection": ("/help_center/collections", {"name": "C {unique!}"}),
    "article": ("/help_center/articles", {"title": "A {unique!}"}),
    "rule": ("/help_center/redirect_rules", {
        "helpCenterId": "{helpcenter}", "locale": "en",
        "fromUrl": "https://{domain}/{unique!}",
        "targetType": "collection", "targetId": "{collection}"}),
    "brand": ("/brands", {"name": "B {unique!}"}),
    "role": ("/admins/roles", {"name": "R {unique!}"}),
    "admin": ("/admins", {"name": "A", "email": "{email!}",
                          "roleId": "{role}"}),
    "key": ("/api_keys", {"name": "K"}),
    "attribute": ("/conversation_attributes", {"name": "A {unique!}",
                                               "fieldSubType": "text"}),
    "survey": ("/surveys", {"title": "S", "pages": [
        {"id": "rate", "type": "rating", "title": "R", "scale": 5}]}),
}


def shape(template):
    """A path template with its parameters' names left out."""
    return re.sub(r"\{[^}]*\}", "{}", template)


class Site:
    """A server of its own without rate limits, and a Nova organization
    with one object of every kind."""

    def __init__(self, server):
        self.server = server
        self.org = Org(server, "rb" + secrets.token_hex(3))
        self.org.api.http.headers["Featurebase-Version"] = NOVA
        o, sql = self.org.id, server.sql
        self.ids = {
            "board": sql("INSERT INTO boards (org_id, name) VALUES (%s, "
                         "'B') RETURNING id", o)[0][0],
            "status": sql("SELECT id FROM post_statuses WHERE org_id = %s "
                          "LIMIT 1", o)[0][0],
            "admin": self.org.owner_id,
            "brand": sql("SELECT id FROM brands WHERE org_id = %s LIMIT 1",
                         o)[0][0],
            "file": "0" * 32,
        }
        self.ids["field"] = sql(
            "INSERT INTO custom_fields (org_id, label, type) VALUES "
            "(%s, 'F', 'text') RETURNING id", o)[0][0]
        self.ids["category"] = sql(
            "SELECT id FROM ticket_categories WHERE org_id = %s "
            "ORDER BY created_at LIMIT 1", o)[0][0]
        self.ids["tstatus"] = sql("SELECT id FROM ticket_statuses WHERE "
                                  "org_id = %s LIMIT 1", o)[0][0]
        self.ids["tfield"] = sql(
            "INSERT INTO custom_fields (org_id, scope, label, type) VALUES "
            "(%s, 'ticket', 'TF', 'text') RETURNING id", o)[0][0]
        self.ids["team"] = sql("INSERT INTO teams (org_id, name) VALUES "
                               "(%s, 'T') RETURNING id", o)[0][0]
        self.ids["helpcenter"] = sql("SELECT id FROM help_centers "
                                     "WHERE org_id = %s", o)[0][0]
        # Redirect rules are on the help center's custom domain.
        self.ids["domain"] = "help-%s.robust.example" % o
        sql("UPDATE help_centers SET external_domain = %s "
            "WHERE org_id = %s", self.ids["domain"], o)

    def make(self, kind):
        """A new object of kind; its path value."""
        api, ids = self.org.api, self.ids
        if kind == "post":
            return self.ok(api.post("/posts", json={
                "title": "Robust", "boardId": ids["board"]}))["id"]
        if kind == "comment":
            return self.ok(api.post("/comments", json={
                "postId": self.make("post"), "content": "Hi"}))["id"]
        if kind == "changelog":
            return self.ok(api.post("/changelogs", json={
                "title": "R", "htmlContent": "<p>R</p>"}))["id"]
        if kind in ("contact", "user"):
            user = "u" + secrets.token_hex(4)
            c = self.ok(api.post("/contacts", json={
                "userId": user, "email": user + "@robust.example",
                "name": "U"}))
            return c["id"] if kind == "contact" else user
        if kind in ("company", "companyRef"):
            ref = "c" + secrets.token_hex(4)
            c = self.ok(api.post("/companies", json={"companyId": ref,
                                                     "name": "C"}))
            return c["id"] if kind == "company" else ref
        if kind == "ticket":
            # Linked to a conversation of its own, so it can be replied to.
            return str(self.ok(api.post("/tickets", json={
                "ticketCategoryId": ids["category"], "title": "Robust",
                "author": {}, "linkedConversationId":
                    self.make("conversation")}))["ticketNumber"])
        if kind == "webhook":
            return self.ok(api.post("/webhooks", json={
                "name": "W", "url": "https://hooks.example.com/in",
                "topics": ["post.created"]}))["id"]
        if kind == "conversation":
            return self.ok(api.post("/conversations", json={
                "from": {"type": "contact", "id": self.path("{contact}")},
                "bodyMarkdown": "Robust"}))["id"]
        if kind == "part":
            return self.ok(api.post(
                "/conversations/%s/reply" % self.path("{conversation}"),
                json={"type": "admin", "id": ids["admin"],
                      "bodyMarkdown": "R", "messageType": "reply"}))["id"]
        if kind == "tag":
            return self.ok(api.post("/tags", json={
                "name": "t" + secrets.token_hex(4)}))["id"]
        if kind == "delivery":
            return self.ok(api.post("/webhooks/%s/test" % self.webhook))["id"]
        if kind in MADE:
            path, body = MADE[kind]
            return self.ok(api.post(path, json=filled(self, body)))["id"]
        if kind == "response":
            return self.ok(api.post(
                "/surveys/%s/responses" % self.path("{survey}"),
                json={"responses": [{"pageId": "rate", "value": 3}]}))["id"]
        if kind == "unique":
            return secrets.token_hex(4)
        if kind == "email":
            return "a%s@robust.example" % secrets.token_hex(4)
        return ids[kind]

    def operations(self):
        """OPERATIONS with the body fields the list leaves to the served
        description (None) read from it: its request body's members."""
        doc = requests.get(self.server.base + "/v2/openapi.json",
                           timeout=30).json()
        bodies = {}
        for path, item in doc["paths"].items():
            for method, op in item.items():
                body = op.get("requestBody") if isinstance(op, dict) else None
                if body:
                    schema = body["content"]["application/json"]["schema"]
                    bodies[(method.upper(), shape(path[len("/v2"):]))] = \
                        list(schema["properties"])
        return [(m, t, f if f is not None else bodies[(m, shape(t))])
                for m, t, f in OPERATIONS]

    @staticmethod
    def ok(r):
        assert r.status_code in (200, 201, 202), r.text
        return r.json()

    def path(self, template, fresh=False):
        """template with every parameter filled: shared objects, or new
        ones for a destructive operation (a '!' after the name)."""
        out = template
        while "{" in out:
            start = out.index("{")
            end = out.index("}", start)
            name = out[start + 1:end]
            if name.endswith("!") or fresh:
                value = self.make(name.rstrip("!"))
            else:
                if name not in self.ids:
                    self.ids[name] = self.make(name)
                value = self.ids[name]
            out = out[:start] + value + out[end + 1:]
        return out


@pytest.fixture(scope="module")
def site(database):
    """A server whose per-organization limits leave the hostile bodies
    alone: four at once of every operation, searches too.  Its four
    pooled connections (two children of DBDMax 2) are waited for up to
    10 s, not 2: what the site's tests judge is each answer, and a write
    queued behind a slow one (a status DELETE moving every post) on a
    loaded machine must not turn into a 503 of capacity.  Pool
    starvation has its own tests (test_faults.py)."""
    with httpd(database, "FeedbackRateLimitKey 0\nFeedbackRateLimitOrg 0\n"
               "FeedbackRateLimitPublic 0\nFeedbackWebhookMax 100000\n"
               "FeedbackExpensivePerOrganization 8\n"
               "FeedbackExpensivePerNode 8\n"
               "FeedbackDBAcquireTimeout 10s\n") as s:
        site = Site(s)
        site.webhook = site.make("webhook")
        site.ids["webhook"] = site.webhook
        yield site


@pytest.fixture(autouse=True)
def site_log_clean(site):
    """Fails a test that made the site's httpd log an error; the site is
    the module's, so each test reads only the lines written since it
    began."""
    since = log_offset(site.server)
    yield
    bad = error_log_lines(site.server, since=since)
    assert not bad, "unexpected error log lines:\n" + "\n".join(bad)


def check(r, what):
    """None when r is a success or an error in the envelope; else why."""
    if r.status_code >= 500:
        return "%s: %d %s" % (what, r.status_code, r.text[:200])
    if r.status_code < 400:
        return None
    try:
        err = r.json()["error"]
        assert err["status"] == r.status_code
        assert err["type"] and err["code"] and err["message"]
    except Exception:   # noqa: BLE001 (any shape problem is the finding)
        return "%s: %d outside the envelope: %s" % (what, r.status_code,
                                                     r.text[:200])
    return None


def run_all(site, requests_):
    """Sends (method, path, kwargs) concurrently; the findings."""
    session = requests.Session()
    auth = {"Authorization": "Bearer " + site.org.key,
            "Featurebase-Version": NOVA}
    base = site.server.base + "/v2"

    def one(item):
        method, path, kw = item
        headers = dict(auth, **kw.pop("headers", {}))
        r = session.request(method, base + path, headers=headers,
                            timeout=60, **kw)
        return check(r, "%s %s %s" % (method, path,
                                      str(kw)[:120].replace("\n", " ")))

    with ThreadPoolExecutor(4) as pool:
        return [f for f in pool.map(one, requests_) if f]


def assert_clean(findings):
    assert not findings, "\n".join(findings[:40])


def test_every_described_operation_is_listed(site):
    """The list covers the served description: no operation escapes."""
    doc = requests.get(site.server.base + "/v2/openapi.json",
                       timeout=30).json()
    described = {(m.upper(), shape(p[len("/v2"):]))
                 for p, item in doc["paths"].items() for m in item
                 if m in ("get", "post", "patch", "delete", "put")}
    listed = {(m, shape(t)) for m, t, _ in OPERATIONS}
    assert described - listed == set()
    assert listed - described == set()


def test_every_listed_route_is_served(site):
    """The list is the module's surface: each route is known to it."""
    for method, template, _ in OPERATIONS:
        r = site.org.api.request(method, site.path(template, fresh=True)
                                 if method == "DELETE"
                                 else site.path(template), json={})
        if r.status_code >= 400:
            assert r.json()["error"]["code"] not in (
                "route_not_found", "method_not_allowed"), (method, template)


def test_hostile_body_fields(site):
    jobs = []
    for method, template, fields in site.operations():
        if method == "DELETE" and "!" in template:
            continue    # their bodies are read by nothing
        for field in fields:
            for value in VALUES:
                jobs.append((method, site.path(template),
                             {"data": json.dumps({field: value})}))
            for value in VALUES[::3]:
                # Nested where the field is an object (author, companies,
                # requestConfig, preferences, customFields).
                jobs.append((method, site.path(template), {"data": json.dumps(
                    {field: {"id": value, "email": value, "timeoutMs": value,
                             "headers": value, "all": value, "x": value}})}))
    assert_clean(run_all(site, [(m, p, dict(kw, headers={
        "Content-Type": "application/json"})) for m, p, kw in jobs]))


def filled(site, value):
    """value with every "{name}" string filled as site.path fills it."""
    if isinstance(value, dict):
        return {k: filled(site, v) for k, v in value.items()}
    if isinstance(value, list):
        return [filled(site, v) for v in value]
    if isinstance(value, str) and "{" in value:
        return site.path(value)
    return value


def null_bodies(site):
    """(method, template, body, expect_success): every operation's valid
    body with one field null, and with one member of each of its objects
    null.  A null required field (one the valid body has) may be refused;
    any other null must change nothing about the answer's success."""
    for method, template, fields in site.operations():
        if not fields:
            continue
        base = BASES[(method, template)]
        for field in fields:
            yield method, template, dict(base, **{field: None}), \
                field not in base
            if field not in NESTED:
                continue
            inner, members = NESTED[field]
            item = inner[0] if isinstance(inner, list) else inner
            for member in members:
                value = dict(item, **{member: None})
                yield method, template, dict(base, **{
                    field: [value] if isinstance(inner, list) else value}), \
                    member not in item


def test_explicit_null_on_every_optional_field(site):
    """Null is "not given": a valid body with any one optional field (or
    member of an object) null succeeds, and nothing answers a 5xx.  A new
    organization, so that earlier tests' imports leave its limits free."""
    fresh = Site(site.server)
    fresh.webhook = fresh.make("webhook")
    fresh.ids["webhook"] = fresh.webhook
    jobs = [(method, fresh.path(template), filled(fresh, body), must)
            for method, template, body, must in null_bodies(fresh)]
    session = requests.Session()
    headers = {"Authorization": "Bearer " + fresh.org.key,
               "Featurebase-Version": NOVA}

    def one(job):
        method, path, body, must = job
        r = session.request(method, site.server.base + "/v2" + path,
                            headers=headers, json=body, timeout=60)
        what = "%s %s %s" % (method, path, json.dumps(body)[:160])
        if must and r.status_code >= 400:
            return "%s: %d %s" % (what, r.status_code, r.text[:200])
        return check(r, what)

    with ThreadPoolExecutor(4) as pool:
        findings = [f for f in pool.map(one, jobs) if f]
    assert len(jobs) > 150
    assert_clean(findings)


def test_bodies_that_are_not_objects(site):
    jobs = []
    for method, template, _ in OPERATIONS:
        if method in ("POST", "PATCH", "DELETE") and "!" not in template:
            for body in BODIES:
                for ctype in ("application/json", "text/plain",
                              "multipart/form-data; boundary=x"):
                    jobs.append((method, site.path(template), {
                        "data": body, "headers": {"Content-Type": ctype}}))
    assert_clean(run_all(site, jobs))


def test_hostile_queries(site):
    jobs = []
    for method, template, _ in OPERATIONS:
        if method != "GET":
            continue
        path = site.path(template)
        for name in QUERY:
            for value in QUERY_VALUES:
                jobs.append((method, path, {"params": {name: value}}))
        jobs.append((method, path, {"params": [("limit", "1"),
                                               ("limit", "2")]}))
    assert_clean(run_all(site, jobs))


def test_hostile_path_values(site):
    jobs = []
    for method, template, fields in OPERATIONS:
        if "{" not in template:
            continue
        for value in PATH_VALUES:
            path = template
            while "{" in path:
                start, end = path.index("{"), path.index("}")
                path = path[:start] + value + path[end + 1:]
            jobs.append((method, path, {"json": {}}))
    assert_clean(run_all(site, jobs))


# Kinds whose ids are the help center's short ones (1 to 16 letters and
# digits).
SHORT_IDS = ("helpcenter", "collection", "article")


def missing(name):
    """A value shaped like the parameter's that names nothing."""
    if name in ("user", "companyRef"):
        return "nobody" + secrets.token_hex(4)
    if name in ("conversation", "ticket"):
        return str(10 ** 12 + secrets.randbelow(10 ** 12))
    if name in SHORT_IDS:
        return secrets.token_hex(8)
    return secrets.token_hex(12)


def test_another_organizations_ids_are_missing_ones(site):
    """Through another organization's key, every operation on the objects
    of the first answers exactly as it does for ids that name nothing."""
    other = Org(site.server, "rbo" + secrets.token_hex(3))
    other.api.http.headers["Featurebase-Version"] = NOVA
    for method, template, _ in OPERATIONS:
        if "{" not in template or "{file}" in template:
            continue
        theirs = site.path(template, fresh=method == "DELETE")
        nothing = template
        while "{" in nothing:
            start, end = nothing.index("{"), nothing.index("}")
            nothing = (nothing[:start] + missing(nothing[start + 1:end]
                                                 .rstrip("!"))
                       + nothing[end + 1:])
        a = other.api.request(method, theirs, json={})
        b = other.api.request(method, nothing, json={})
        assert a.status_code >= 400, (method, theirs, a.text)
        assert (a.status_code, a.json()["error"]["code"]) == (
            b.status_code, b.json()["error"]["code"]), (method, template)
    # Nothing of the first organization changed hands or disappeared.
    assert site.org.api.get("/posts/" + site.ids["post"]).status_code == 200


def test_path_parameters_must_be_utf8(site):
    for path, param in (("/contacts/by-user-id/%FF%FE", "userId"),
                        ("/companies/by-company-id/%C3", "companyId"),
                        ("/posts/%FF", "id")):
        r = site.org.api.get(path) if "posts" in path else \
            site.org.api.request("DELETE", path)
        assert_error(r, 400, "invalid_parameter", param=param)


def test_every_patch_and_delete_honours_if_match(site):
    """A stale If-Match stops every PATCH and DELETE: whatever the same
    request does without it (success included), with it the answer is
    412 (or the request's own 4xx, found before the write), and nothing
    was done."""
    checked = 0
    for method, template, _ in OPERATIONS:
        if method not in ("PATCH", "DELETE"):
            continue
        path = site.path(template, fresh=method == "DELETE")
        stale = site.org.api.request(method, path, json={},
                                     headers={"If-Match": '"stale"'})
        plain = site.org.api.request(method, path, json={})
        assert stale.status_code >= 400, (method, template, stale.text)
        if plain.status_code < 300:
            assert_error(stale, 412, "precondition_failed")
            checked += 1
    assert checked >= 10


def test_every_patch_answers_the_tag_of_what_it_left(site):
    """Every PATCH that succeeds carries the ETag a GET of its path then
    gives, so an If-Match can follow the answer without a GET; the tag
    changes when the write changed the representation."""
    checked = 0
    for method, template, _ in OPERATIONS:
        if method != "PATCH":
            continue
        path = site.path(template)
        body = filled(site, BASES[(method, template)])
        r = site.org.api.request(method, path, json=body)
        assert r.status_code == 200, (template, r.text)
        got = site.org.api.get(path)
        if got.status_code != 200:
            # A PATCH whose path has no GET (email preferences) has no
            # representation to tag.
            assert "ETag" not in r.headers, template
            continue
        assert r.headers.get("ETag") == got.headers["ETag"], template
        again = site.org.api.request(method, path, json=body,
                                     headers={"If-Match": r.headers["ETag"]})
        assert again.status_code == 200, (template, again.text)
        checked += 1
    assert checked >= 15
