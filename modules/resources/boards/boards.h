/*
 * boards.h: a board's JSON as SQL, which ticket categories share
 * (tickets/ticket_categories.c).
 */
#ifndef BOARDS_H
#define BOARDS_H

/* Every member after 'object', over a row b with the columns of boards
 * (sql/001). */
#define BOARD_JSON_FIELDS \
    "'id', b.id, 'name', b.name, 'icon', b.icon, " \
    "'access', json_build_object(" \
    "  'adminOnly', b.admin_only, 'segments', to_json(b.segments), " \
    "  'allowedRoles', to_json(b.allowed_roles), " \
    "  'deniedRoles', to_json(b.denied_roles)), " \
    "'features', json_build_object(" \
    "  'postingEnabled', b.posting_enabled, " \
    "  'commentsEnabled', b.comments_enabled, " \
    "  'createdDatesVisible', b.created_dates_visible), " \
    "'postDefaults', json_build_object('visibility', b.default_visibility), " \
    "'customFields', to_json(b.custom_field_ids), " \
    "'localization', json_build_object(" \
    "  'name', COALESCE(b.localization->'name', '{}'::jsonb), " \
    "  'description', b.localization->'description', " \
    "  'formPlaceholder', b.localization->'formPlaceholder', " \
    "  'heroTitle', b.localization->'heroTitle', " \
    "  'heroDescription', b.localization->'heroDescription', " \
    "  'submitButtonText', b.localization->'submitButtonText'), " \
    "'createdAt', fb_iso(b.created_at)"

#define BOARD_JSON \
    "json_build_object('object', 'board', " BOARD_JSON_FIELDS ")"

#endif
