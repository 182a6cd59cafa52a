"""The layers of modules/ keep to their arrows (docs/architecture.md).

Every quoted #include of a C file under modules/ (and mod_feedback.c) is
resolved the way the compiler resolves it (the including file's folder,
then the Makefile's include path) to the layer that holds the header.
Each layer may include only the layers below it:

    core       <- domain <- http <- resources
                  domain <- jobs (through http's glue, never resources)

core and domain never include httpd's headers: they are plain C over APR
and the libraries, unit-tested without httpd.
"""
import os
import re

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MODULES = os.path.join(ROOT, "modules")

# The Makefile's INCLUDES, in order.
INCLUDE_PATH = ["modules", "modules/core", "modules/domain", "modules/http",
                "modules/resources", "modules/resources/common",
                "modules/jobs"]

# Which layers each layer may include (its own included).
ALLOWED = {
    "core": {"core"},
    "domain": {"core", "domain"},
    "http": {"core", "domain", "http"},
    "resources": {"core", "domain", "http", "resources"},
    "jobs": {"core", "domain", "http", "jobs"},
    "top": {"core", "domain", "http", "resources", "jobs", "top"},
}

# httpd's own headers: the glue layers only.
HTTPD_HEADER = re.compile(r"^(httpd|http_\w+|ap_\w+|mod_\w+|util_\w+|"
                          r"scoreboard|mpm_common)\.h$")
WITHOUT_HTTPD = {"core", "domain"}

INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]', re.M)


def layer_of(rel):
    """The layer of a path relative to the repository, or None."""
    parts = rel.split("/")
    if rel == "mod_feedback.c" or (parts[0] == "modules" and len(parts) == 2):
        return "top"
    if parts[0] == "modules" and parts[1] in ALLOWED:
        return parts[1]
    return None


def resolve(rel, header, exists):
    """The repository path the quoted include header of rel names, or
    None when it is not one of the project's (a library's header)."""
    for folder in [os.path.dirname(rel)] + INCLUDE_PATH:
        candidate = os.path.normpath(os.path.join(folder, header))
        if exists(candidate):
            return candidate
    return None


def violations(sources, exists):
    """Every forbidden include of sources ({path: text}) as lines."""
    found = []
    for rel, text in sorted(sources.items()):
        layer = layer_of(rel)
        if layer is None:
            continue
        for quote, header in INCLUDE.findall(text):
            base = os.path.basename(header)
            if layer in WITHOUT_HTTPD and HTTPD_HEADER.match(base):
                found.append(f"{rel}: {layer} includes httpd's {header}")
                continue
            if quote != '"':
                continue
            target = resolve(rel, header, exists)
            if target is None:
                continue
            to = layer_of(target)
            if to is not None and to not in ALLOWED[layer]:
                found.append(f"{rel}: {layer} includes {to}'s {target}")
    return found


def project_sources():
    sources = {"mod_feedback.c": open(os.path.join(ROOT, "mod_feedback.c"))
               .read()}
    for folder, _, files in os.walk(MODULES):
        for name in files:
            if name.endswith((".c", ".h")):
                path = os.path.join(folder, name)
                sources[os.path.relpath(path, ROOT)] = open(path).read()
    return sources


def on_disk(rel):
    return os.path.isfile(os.path.join(ROOT, rel))


def test_every_include_keeps_to_the_layers():
    found = violations(project_sources(), on_disk)
    assert found == [], "forbidden includes:\n" + "\n".join(found)


def test_the_layers_are_the_folders():
    """A new folder under modules/ is a new layer: say where it sits."""
    folders = {d for d in os.listdir(MODULES)
               if os.path.isdir(os.path.join(MODULES, d))
               and not d.startswith(".")}
    assert folders == set(ALLOWED) - {"top"}


@pytest.mark.parametrize("rel,text,expected", [
    # A job reaching into a resource family: the forbidden arrow.
    ("modules/jobs/fb_job_x.c", '#include "changelogs/changelogs.h"\n',
     "modules/jobs/fb_job_x.c: jobs includes resources's "
     "modules/resources/changelogs/changelogs.h"),
    # The shared resource helpers are resources too.
    ("modules/jobs/fb_job_x.c", '#include "fb_resource.h"\n',
     "modules/jobs/fb_job_x.c: jobs includes resources's "
     "modules/resources/common/fb_resource.h"),
    # core is plain C: no httpd, no glue.
    ("modules/core/fb_x.c", "#include <httpd.h>\n",
     "modules/core/fb_x.c: core includes httpd's httpd.h"),
    ("modules/core/fb_x.c", '#include "fb_request.h"\n',
     "modules/core/fb_x.c: core includes http's "
     "modules/http/fb_request.h"),
    ("modules/domain/fb_x.c", '#include "http_log.h"\n',
     "modules/domain/fb_x.c: domain includes httpd's http_log.h"),
    # http is below the resources.
    ("modules/http/fb_x.c", '#include "posts/posts.h"\n',
     "modules/http/fb_x.c: http includes resources's "
     "modules/resources/posts/posts.h"),
])
def test_a_forbidden_include_is_found(rel, text, expected):
    assert violations({rel: text}, on_disk) == [expected]


@pytest.mark.parametrize("rel,text", [
    ("modules/jobs/fb_job_x.c", '#include "fb_dbd.h"\n#include "fb_db.h"\n'),
    ("modules/resources/posts/x.c",
     '#include "people/people.h"\n#include "fb_write.h"\n'),
    ("modules/http/fb_x.c", "#include <httpd.h>\n#include <apr_hash.h>\n"),
    ("mod_feedback.c", '#include "fb_registry.h"\n'),
])
def test_an_allowed_include_passes(rel, text):
    assert violations({rel: text}, on_disk) == []
