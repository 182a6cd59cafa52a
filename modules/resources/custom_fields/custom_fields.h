/*
 * custom_fields.h: a custom field's JSON as SQL, over a row f of
 * custom_fields (post and ticket fields alike).
 */
#ifndef CUSTOM_FIELDS_H
#define CUSTOM_FIELDS_H

#include "fb_resource.h"

/* placeholder is left out when the field has none. */
#define CUSTOM_FIELD_JSON \
    FB_SQL_OMIT_NULL(CUSTOM_FIELD_OBJECT, "placeholder", "f.placeholder")
#define CUSTOM_FIELD_OBJECT(placeholder) \
    "json_build_object(" \
    "'object', 'custom_field', 'id', f.id, 'label', f.label, " \
    "'type', f.type, 'required', f.required, " \
    "'allowMultiple', f.allow_multiple, " placeholder \
    "'public', f.public, 'internal', f.internal, 'options', f.options, " \
    "'createdAt', fb_iso(f.created_at), 'updatedAt', fb_iso(f.updated_at))"

#endif
