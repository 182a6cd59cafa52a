-- The statements of modules/resources/organization/organization.c,
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.

-- organization_get (scoped; varchar, varchar, varchar) named (version, portal)
WITH a AS (SELECT $1::text AS org_id, $2::text AS version,
  $3::text AS portal)
SELECT o.id, o.name, o.default_locale,
  coalesce(o.api_version, a.version), coalesce(o.portal_url, a.portal),
  o.identity_secret IS NOT NULL, o.created_at AT TIME ZONE 'UTC',
  o.updated_at AT TIME ZONE 'UTC'
FROM organizations o, a WHERE o.id = a.org_id;

-- organization_update (scoped; varchar, varchar)
WITH a AS (SELECT $1::text AS org_id, $2::jsonb AS b)
UPDATE organizations x SET name = coalesce(a.b ->> 'name', x.name),
  default_locale = coalesce(a.b ->> 'defaultLocale',
    x.default_locale),
  api_version = CASE WHEN a.b ? 'defaultVersion'
    THEN a.b ->> 'defaultVersion' ELSE x.api_version END,
  portal_url = CASE WHEN a.b ? 'portalUrl'
    THEN rtrim(a.b ->> 'portalUrl', '/') ELSE x.portal_url END,
  identity_secret = CASE WHEN a.b ? 'identitySecret'
    THEN a.b ->> 'identitySecret' ELSE x.identity_secret END,
  updated_at = now()
FROM a WHERE x.id = a.org_id;
