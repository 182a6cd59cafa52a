"""GET /v2/teams and /v2/teams/{id} (nova and newer)."""
import json

from helpers import assert_error, pg_layout, pg_list_layout


def test_teams(org, server, other_org):
    second_admin = server.sql(
        "SELECT fb_admin_create(%s, 'Tom', 'tom@example.com', 'member')",
        org.id)[0][0]
    team = server.sql(
        "INSERT INTO teams (org_id, name, color, icon) "
        "VALUES (%s, 'Support', '#3B82F6', %s) RETURNING id", org.id,
        json.dumps({"type": "emoji", "value": "🎧"}))[0][0]
    server.sql("INSERT INTO team_members (org_id, team_id, admin_id, "
               "added_at) VALUES (%s, %s, %s, now()), "
               "(%s, %s, %s, now() + interval '1 second')",
               org.id, team, second_admin, org.id, team, org.owner_id)
    empty = server.sql(
        "INSERT INTO teams (org_id, name, created_at) "
        "VALUES (%s, 'Quiet', now() + interval '1 minute') RETURNING id",
        org.id)[0][0]

    support = {"object": "team", "id": team, "name": "Support",
               "color": "#3B82F6", "icon": {"type": "emoji", "value": "🎧"},
               "members": [second_admin, org.owner_id]}
    quiet = {"object": "team", "id": empty, "name": "Quiet",
             "color": "#6B7280", "icon": None, "members": []}
    assert org.api.get("/teams").json() == {
        "object": "list", "data": [quiet, support], "nextCursor": None}
    assert org.api.get("/teams/" + team).json() == support
    # Written in C in the bytes json_build_object and json_agg gave (the
    # icon a jsonb column in its own layout), members or none.
    layout = {"jsonb_members": ("icon",)}
    assert org.api.get("/teams").content \
        == pg_list_layout([quiet, support], **layout)
    assert org.api.get("/teams/" + team).content \
        == pg_layout(support, **layout)
    foreign = other_org.api.get("/teams/" + team)
    assert_error(foreign, 404, "team_not_found", param="id")
    assert foreign.json() == other_org.api.get("/teams/" + "1" * 24).json()
    assert other_org.api.get("/teams").json()["data"] == []
    assert_error(org.api.get("/teams/-"), 400, "invalid_id", param="id")
