-- 042: organizations found by the host of their own portal URL, for the
-- public help center served in portal mode (FeedbackHelpCenterHosts
-- portal): the pages live at the organization's portal URL under the
-- help center's subpath (docs/decisions.md, "Public help center").

-- The host of an absolute URL, lowercased (no port, no user); NULL when
-- the text is not one.
CREATE FUNCTION fb_url_host(p_url text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT lower(substring(p_url
        FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/@?#]*@)?([^/:?#]+)'))
$$;

CREATE INDEX organizations_portal_host
    ON organizations (fb_url_host(portal_url))
    WHERE portal_url IS NOT NULL;
