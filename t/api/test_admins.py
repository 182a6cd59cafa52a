"""GET /v2/admins, /v2/admins/{id} and /v2/admins/roles."""
from helpers import assert_error, pg_layout, pg_list_layout

FLAGS = (
    "view_comments_private manage_comments manage_comments_private "
    "set_comment_pinned moderate_comments set_post_category set_post_pinned "
    "set_post_eta set_post_tags set_post_author set_post_status "
    "set_post_assignee set_post_custom_fields post_vote_on_behalf "
    "post_merge post_import post_export moderate_posts view_users "
    "manage_users view_posts_private view_private_post_tags "
    "manage_changelogs manage_surveys manage_branding manage_billing "
    "manage_team_members manage_sso manage_api manage_statuses "
    "manage_boards manage_post_tags manage_custom_fields "
    "manage_moderation_settings manage_roadmap manage_user_roles "
    "manage_prioritization manage_notifications manage_custom_domain "
    "manage_integrations use_integrations manage_help_center "
    "auto_approve_posts set_conversation_tags manage_conversation_tags"
).split()
OWNER_ONLY = {"manage_billing", "manage_sso", "manage_api",
              "manage_team_members", "manage_user_roles",
              "manage_custom_domain"}


def roles_by_name(org):
    r = org.api.get("/admins/roles")
    assert r.status_code == 200
    body = r.json()
    assert body["object"] == "list" and body["nextCursor"] is None
    return {role["name"]: role for role in body["data"]}


def test_built_in_roles_and_their_flags(org):
    roles = roles_by_name(org)
    assert set(roles) == {"Owner", "Member", "Viewer"}
    assert len(FLAGS) == 45
    for name, role in roles.items():
        assert set(role) == {"object", "id", "name", "permissions"}
        assert role["object"] == "admin_role"
        assert set(role["permissions"]) == set(FLAGS)
    assert all(roles["Owner"]["permissions"].values())
    assert not any(roles["Viewer"]["permissions"].values())
    member = roles["Member"]["permissions"]
    # Written in C in the bytes json_build_object gave, the permissions a
    # jsonb column in its own layout (keys by length, then bytes).
    r = org.api.get("/admins/roles")
    assert r.content == pg_list_layout(r.json()["data"],
                                       jsonb_members=("permissions",))
    assert list(member) == sorted(member, key=lambda f: (len(f), f))
    assert {f for f, on in member.items() if not on} == OWNER_ONLY


def test_admin_list_and_get(org, server, other_org):
    roles = roles_by_name(org)
    admin_id = server.sql(
        "INSERT INTO admins (org_id, name, email, profile_picture, role_id, "
        " created_at) VALUES (%s, 'Ada', 'ada@example.com', "
        " 'https://example.com/ada.png', %s, now() + interval '1 hour') "
        "RETURNING id", org.id, roles["Member"]["id"])[0][0]
    ada = {"object": "admin", "id": admin_id, "name": "Ada",
           "email": "ada@example.com",
           "profilePicture": "https://example.com/ada.png",
           "roleId": roles["Member"]["id"]}
    body = org.api.get("/admins").json()
    assert body["object"] == "list" and body["nextCursor"] is None
    assert body["data"][0] == ada
    owner = [a for a in body["data"] if a["id"] == org.owner_id]
    assert owner == [{"object": "admin", "id": org.owner_id,
                      "name": owner[0]["name"],
                      "email": owner[0]["email"], "profilePicture": None,
                      "roleId": roles["Owner"]["id"]}]
    assert org.api.get("/admins/" + admin_id).json() == ada
    # Written in C in the bytes json_build_object gave, a picture or null.
    assert org.api.get("/admins/" + admin_id).content == pg_layout(ada)
    assert org.api.get("/admins/" + org.owner_id).content \
        == pg_layout(owner[0])
    foreign = other_org.api.get("/admins/" + admin_id)
    assert_error(foreign, 404, "admin_not_found", param="id")
    assert foreign.json() == other_org.api.get("/admins/" + "0" * 24).json()
    assert admin_id not in [a["id"] for a in
                            other_org.api.get("/admins").json()["data"]]
    assert_error(org.api.get("/admins/xyz"), 400, "invalid_id", param="id")
