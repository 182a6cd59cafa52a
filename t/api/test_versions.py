"""Versions: the header, its synonym, defaults and nova-only resources."""
import time

import pytest

from conftest import KEY_CACHE_TTL
from helpers import assert_error, CLOVER, NOVA


def test_default_version_is_nova(org):
    assert org.api.get("/boards").headers["Service-Version"] == NOVA


@pytest.mark.parametrize("header", ["Service-Version",
                                    "Featurebase-Version"])
def test_requested_version_is_served_and_echoed(org, header):
    r = org.api.get("/boards", headers={header: CLOVER})
    assert r.status_code == 200
    assert r.headers["Service-Version"] == CLOVER


def test_both_headers_agreeing_is_fine(org):
    r = org.api.get("/boards", headers={"Service-Version": NOVA,
                                        "Featurebase-Version": NOVA})
    assert r.status_code == 200


def test_both_headers_disagreeing_is_400(org):
    r = org.api.get("/boards", headers={"Service-Version": NOVA,
                                        "Featurebase-Version": CLOVER})
    assert_error(r, 400, "version_not_supported", param="Service-Version")


@pytest.mark.parametrize("header", ["Service-Version",
                                    "Featurebase-Version"])
def test_unknown_version_is_400_naming_the_header(org, header):
    r = org.api.get("/boards", headers={header: "2024-01-01.mars"})
    assert_error(r, 400, "version_not_supported", param=header)
    assert r.headers["Service-Version"] == NOVA


@pytest.mark.parametrize("path", ["/teams", "/brands",
                                  "/teams/" + "a" * 24,
                                  "/brands/" + "a" * 24,
                                  "/conversations", "/conversations/1",
                                  "/tags", "/tags/" + "a" * 24,
                                  "/conversation_attributes",
                                  "/conversation_attributes/" + "a" * 24,
                                  "/audit-logs",
                                  "/help_center/help_centers",
                                  "/help_center/help_centers/abc"])
def test_nova_only_resources_are_404_under_clover(org, path):
    r = org.api.get(path, headers={"Service-Version": CLOVER})
    assert_error(r, 404, "version_not_supported")
    assert r.headers["Service-Version"] == CLOVER


def test_organization_default_version(server):
    from conftest import Org
    o = Org(server, "clover-org")
    server.sql("UPDATE organizations SET api_version = %s WHERE id = %s",
               CLOVER, o.id)
    time.sleep(KEY_CACHE_TTL + 0.5)
    r = o.api.get("/teams")
    assert_error(r, 404, "version_not_supported")
    assert r.headers["Service-Version"] == CLOVER
    # A header still wins over the organization's default.
    r = o.api.get("/teams", headers={"Service-Version": NOVA})
    assert r.status_code == 200
    assert r.headers["Service-Version"] == NOVA
