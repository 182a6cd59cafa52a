#!/usr/bin/python3
"""Writes the facts the API suite takes from the hosted API's published
description and from the contract into t/reference, so that the suite
runs from a clone with nothing beside it (docs/decisions.md, "The
reference, as facts").

    scripts/reference-facts.py [--check] SHARED [OUT]

SHARED is the shared folder holding reference/ and spec/ (named on every
run: nothing in the checkout reads outside it unasked), OUT the folder
written (t/reference by default); with --check nothing is
written, and the exit status is 1 when OUT is not what would be:

  openapi-facts.json   reference/openapi.json with only its facts: every
                       operation (path, method, operationId), its
                       parameters, request body and answers by status,
                       and the schemas they name; keys sorted, so a run
                       on the same input writes the same bytes.
  api-operations.txt   each "METHOD /v2/path" spec/api.md names, sorted.

Nothing else is copied: descriptions, summaries, titles, examples, tags,
servers and every x- member are left out.  A member this script does not
know stops it, naming the member and where it is, so that a new kind of
text in the reference is never copied by accident: add it to KEEP or DROP
below, whichever it is.
"""
import json
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
METHODS = ("get", "put", "post", "patch", "delete")

# JSON Schema keywords that state a fact about a value, and how to read
# what each holds: a schema, a list of schemas, a map of names to
# schemas, or a value copied as it is (a type, a bound, a choice).
SCHEMA = "schema"
SCHEMAS = "schemas"
NAMED = "named"
VALUE = "value"
KEEP = {
    "$ref": VALUE, "type": VALUE, "format": VALUE, "enum": VALUE,
    "const": VALUE, "default": VALUE, "nullable": VALUE, "pattern": VALUE,
    "required": VALUE, "minLength": VALUE, "maxLength": VALUE,
    "minimum": VALUE, "maximum": VALUE, "exclusiveMinimum": VALUE,
    "exclusiveMaximum": VALUE, "multipleOf": VALUE, "minItems": VALUE,
    "maxItems": VALUE, "uniqueItems": VALUE, "minProperties": VALUE,
    "maxProperties": VALUE, "readOnly": VALUE, "writeOnly": VALUE,
    "deprecated": VALUE, "discriminator": VALUE,
    "items": SCHEMA, "not": SCHEMA, "additionalProperties": SCHEMA,
    "allOf": SCHEMAS, "anyOf": SCHEMAS, "oneOf": SCHEMAS,
    "properties": NAMED, "patternProperties": NAMED,
}
# Members that hold words for people (or the hosted product's own
# extensions): never copied.
DROP = {"description", "summary", "title", "example", "examples",
        "externalDocs", "$comment", "tags", "security", "servers"}

# A contract operation is written in api.md as `METHOD /v2/path`.
CONTRACT_OPERATION = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/v2/[^`\s]*)`")


class Unknown(Exception):
    pass


def dropped(key):
    return key in DROP or key.startswith("x-")


def only(obj, keep, where):
    """obj's members named in keep (name -> how to read it, a function),
    read; the others must be dropped ones."""
    out = {}
    for key, value in obj.items():
        if key in keep:
            out[key] = keep[key](value, "%s/%s" % (where, key))
        elif not dropped(key):
            raise Unknown("%s/%s" % (where, key))
    return out


def schema(s, where):
    if isinstance(s, bool):
        return s
    out = {}
    for key, value in s.items():
        how = KEEP.get(key)
        at = "%s/%s" % (where, key)
        if how is None:
            if not dropped(key):
                raise Unknown(at)
        elif how == SCHEMA:
            out[key] = schema(value, at)
        elif how == SCHEMAS:
            out[key] = [schema(v, "%s/%d" % (at, i))
                        for i, v in enumerate(value)]
        elif how == NAMED:
            out[key] = {name: schema(v, "%s/%s" % (at, name))
                        for name, v in value.items()}
        else:
            out[key] = value
    return out


def copied(value, where):
    return value


def content(c, where):
    return {media: only(m, {"schema": schema}, "%s/%s" % (where, media))
            for media, m in c.items()}


def parameter(p, where):
    return only(p, {"$ref": copied, "name": copied, "in": copied,
                    "required": copied, "schema": schema, "style": copied,
                    "explode": copied}, where)


def operation(op, where):
    return only(op, {
        "operationId": copied,
        "parameters": lambda ps, at: [parameter(p, "%s/%d" % (at, i))
                                      for i, p in enumerate(ps)],
        "requestBody": lambda b, at: only(
            b, {"required": copied, "content": content}, at),
        "responses": lambda rs, at: {
            status: only(r, {"$ref": copied, "content": content},
                         "%s/%s" % (at, status))
            for status, r in rs.items()},
    }, where)


def openapi_facts(ref):
    paths = {}
    for path, item in ref["paths"].items():
        where = "#/paths/" + path
        ops = {}
        for method, op in item.items():
            if method in METHODS:
                ops[method] = operation(op, "%s/%s" % (where, method))
            elif method == "parameters":
                ops[method] = [parameter(p, "%s/%s/%d" % (where, method, i))
                               for i, p in enumerate(op)]
            elif not dropped(method):
                raise Unknown("%s/%s" % (where, method))
        paths[path] = ops
    components = ref.get("components", {})
    return {
        "openapi": ref["openapi"],
        "paths": paths,
        "components": {
            "schemas": {name: schema(s, "#/components/schemas/" + name)
                        for name, s in components.get("schemas",
                                                      {}).items()},
            "parameters": {
                name: parameter(p, "#/components/parameters/" + name)
                for name, p in components.get("parameters", {}).items()},
        },
    }


def contract_operations(text):
    return sorted(set("%s %s" % m for m in CONTRACT_OPERATION.findall(text)))


def write(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, path)


def stale(path, text):
    """Whether the file at path does not hold text."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read() != text
    except OSError:
        return True


def main(argv):
    check = "--check" in argv[1:]
    argv = [a for a in argv if a != "--check"]
    if len(argv) < 2:
        sys.exit("usage: scripts/reference-facts.py [--check] SHARED [OUT]"
                 " (SHARED: the shared folder, e.g. ../shared)")
    shared = argv[1]
    out = argv[2] if len(argv) > 2 else os.path.join(ROOT, "t", "reference")
    with open(os.path.join(shared, "reference", "openapi.json"),
              encoding="utf-8") as f:
        ref = json.load(f)
    with open(os.path.join(shared, "spec", "api.md"), encoding="utf-8") as f:
        spec = f.read()
    try:
        facts = openapi_facts(ref)
    except Unknown as e:
        sys.exit("reference-facts: %s: a member this script does not know;"
                 " add it to KEEP or DROP" % e)
    made = {
        "openapi-facts.json": json.dumps(facts, indent=1, sort_keys=True,
                                         ensure_ascii=False) + "\n",
        "api-operations.txt":
            "# Made by scripts/reference-facts.py from spec/api.md: do not "
            "edit.\n" + "".join(op + "\n"
                                for op in contract_operations(spec)),
    }
    if check:
        old = [name for name, text in made.items()
               if stale(os.path.join(out, name), text)]
        if old:
            sys.exit("reference-facts: not what the reference makes now "
                     "(run the script and commit): " + ", ".join(old))
        return
    os.makedirs(out, exist_ok=True)
    for name, text in made.items():
        write(os.path.join(out, name), text)


if __name__ == "__main__":
    main(sys.argv)
