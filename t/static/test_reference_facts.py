"""t/reference holds facts only.

The API suite compares the served description with the hosted API's
published one and with the contract's operations; it reads them from
t/reference, which scripts/reference-facts.py makes from the shared
folder beside the checkout, so that a clone with nothing beside it runs
the whole suite.  No words of the reference may be copied into the
project: the extract keeps operations, parameters, statuses and schemas,
never a description, a summary, a title or an example.

Nothing here reads outside the checkout: whether the committed extract
is still what the reference makes is checked beside it, by hand, with
`scripts/reference-facts.py --check` (docs/decisions.md)."""
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FACTS = ROOT / "t" / "reference"
# Members that carry words for people; a schema's properties may still be
# named so (a webhook's "description" is a field).
PROSE = {"description", "summary", "title", "example", "examples",
         "externalDocs", "$comment"}


def members(value, where="#", names=False):
    """(path, key) of every member of value, at any depth; names is true
    for the members of a schema's "properties", which are field names."""
    if isinstance(value, dict):
        for key, sub in value.items():
            at = "%s/%s" % (where, key)
            yield at, key, names
            # A schema's "properties" keyword, not a field so named.
            yield from members(sub, at, not names and key in (
                "properties", "patternProperties"))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from members(sub, "%s/%d" % (where, i))


def strings(value, where="#"):
    """(path, text) of every string value, at any depth."""
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from strings(sub, "%s/%s" % (where, key))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from strings(sub, "%s/%d" % (where, i))
    elif isinstance(value, str):
        yield where, value


@pytest.fixture(scope="module")
def facts():
    return json.loads((FACTS / "openapi-facts.json").read_text())


def test_no_prose_member(facts):
    bad = [at for at, key, names in members(facts)
           if not names and (key in PROSE or key.startswith("x-"))]
    assert not bad, "\n".join(bad)


def test_no_sentence(facts):
    """Facts are names, types, patterns and choices: none has a space."""
    bad = [at for at, key, _ in members(facts) if re.search(r"\s", key)]
    bad += ["%s: %r" % (at, text) for at, text in strings(facts)
            if re.search(r"\s", text)]
    assert not bad, "\n".join(bad)


def test_only_the_parts_the_suite_reads(facts):
    assert sorted(facts) == ["components", "openapi", "paths"]
    assert sorted(facts["components"]) == ["parameters", "schemas"]
    assert len(facts["paths"]) > 50


def test_operations_are_method_and_path():
    lines = (FACTS / "api-operations.txt").read_text().splitlines()
    assert lines[0].startswith("# Made by scripts/reference-facts.py")
    ops = lines[1:]
    bad = [l for l in ops
           if not re.fullmatch(r"(GET|POST|PUT|PATCH|DELETE) /v2/\S*", l)]
    assert not bad, "\n".join(bad)
    assert ops == sorted(set(ops)) and len(ops) > 50
