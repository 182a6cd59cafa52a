"""GET /v2/custom_fields and /v2/custom_fields/{id}."""
import json

from helpers import assert_error, pg_layout, pg_list_layout

T = "2025-06-01T10:00:00.000Z"


def test_list_and_get(org, server, other_org):
    opts = [{"id": "a" * 24, "label": "Low"}, {"id": "b" * 24,
                                               "label": "High"}]
    select_id = server.sql(
        "INSERT INTO custom_fields (org_id, label, type, required, public, "
        " internal, options, created_at, updated_at) "
        "VALUES (%s, 'Priority', 'select', true, false, true, %s, %s, %s) "
        "RETURNING id", org.id, json.dumps(opts), T, T)[0][0]
    text_id = server.sql(
        "INSERT INTO custom_fields (org_id, label, type, placeholder, "
        " created_at, updated_at) "
        "VALUES (%s, 'Handle', 'text', 'Your @handle', "
        " %s::timestamptz + interval '1 second', %s) RETURNING id",
        org.id, T, T)[0][0]
    ticket_id = server.sql(
        "INSERT INTO custom_fields (org_id, scope, label, type) "
        "VALUES (%s, 'ticket', 'Attachment', 'file') RETURNING id",
        org.id)[0][0]

    # An optional member the schema types as a string is left out when
    # the field has none (decisions.md: never null).
    select = {"object": "custom_field", "id": select_id, "label": "Priority",
              "type": "select", "required": True, "allowMultiple": False,
              "public": False, "internal": True,
              "options": opts, "createdAt": T, "updatedAt": T}
    text = {"object": "custom_field", "id": text_id, "label": "Handle",
            "type": "text", "required": False, "allowMultiple": False,
            "placeholder": "Your @handle", "public": True, "internal": False,
            "options": [], "createdAt": "2025-06-01T10:00:01.000Z",
            "updatedAt": T}

    r = org.api.get("/custom_fields")
    assert r.status_code == 200
    # Ticket fields are not post fields.
    assert r.json() == {"object": "list", "data": [text, select],
                        "nextCursor": None}
    assert org.api.get("/custom_fields/" + select_id).json() == select
    # Written in C, in the bytes json_build_object gave (options a jsonb
    # column in its own layout), with and without the placeholder.
    layout = {"jsonb_members": ("options",)}
    assert r.content == pg_list_layout([text, select], **layout)
    assert org.api.get("/custom_fields/" + text_id).content \
        == pg_layout(text, **layout)
    assert_error(org.api.get("/custom_fields/" + ticket_id), 404,
                 "custom_field_not_found", param="id")
    assert_error(other_org.api.get("/custom_fields/" + select_id), 404,
                 "custom_field_not_found", param="id")
    assert other_org.api.get("/custom_fields").json()["data"] == []
    assert_error(org.api.get("/custom_fields/123"), 400, "invalid_id",
                 param="id")
