"""Values that a JSON Schema of the served description calls valid, and
values that it calls invalid, for t/api/test_description_strict.py.

A small generator of our own, deterministic for a given random.Random:
strings of a pattern come from the pattern itself (its parsed form, as
the re module reads it), formats (email, uri, date-time) from samples of
their own, objects from their required members, then optional ones, then
the groups their allOf says (anyOf of members given, not two of them).
Every value it returns is checked against the schema (jsonschema), so a
generator's mistake is an error of the test, never a false finding.
"""
import copy
import string

import jsonschema

try:                                    # Python 3.11 keeps it here
    from re import _parser as sre_parse
    from re import _constants as sre_c
except ImportError:                     # pragma: no cover
    import sre_parse
    import sre_constants as sre_c

# Characters a "not these" class draws from: printable ASCII and a few
# beyond it (an accent, an emoji), never a control character.
POOL = (string.ascii_letters + string.digits + "-_.~!*'();@&=+$,/?#[]%"
        + " \u00e9\U0001f642")
WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"]


class Unsupported(Exception):
    """The generator cannot make a value of this schema."""


def _class_chars(items, rnd):
    """A character matching a class [...] (items of sre's IN)."""
    negate = items and items[0][0] == sre_c.NEGATE
    allowed, ranges = set(), []
    for op, av in items[1:] if negate else items:
        if op == sre_c.LITERAL:
            allowed.add(chr(av))
        elif op == sre_c.RANGE:
            ranges.append(av)
        elif op == sre_c.CATEGORY:
            if av == sre_c.CATEGORY_DIGIT:
                ranges.append((48, 57))
            elif av == sre_c.CATEGORY_SPACE:
                allowed.update(" \t\n\r\f\v")
            elif av == sre_c.CATEGORY_WORD:
                allowed.update(string.ascii_letters + string.digits + "_")
            else:
                raise Unsupported(av)
        else:
            raise Unsupported(op)

    def inside(c):
        return c in allowed or any(lo <= ord(c) <= hi for lo, hi in ranges)

    if negate:
        choices = [c for c in POOL if not inside(c)]
    else:
        choices = sorted(allowed) + [
            chr(rnd.randint(lo, hi)) for lo, hi in ranges
            for _ in range(3)]
        choices = [c for c in choices if 32 <= ord(c) < 0xd800
                   or ord(c) > 0xdfff]
    if not choices:
        raise Unsupported("empty class")
    return rnd.choice(choices)


def _emit(parsed, rnd, out, limit):
    for op, av in parsed:
        if op == sre_c.LITERAL:
            out.append(chr(av))
        elif op == sre_c.NOT_LITERAL:
            out.append(rnd.choice([c for c in POOL if ord(c) != av]))
        elif op == sre_c.ANY:
            out.append(rnd.choice(POOL.strip()))
        elif op == sre_c.IN:
            out.append(_class_chars(av, rnd))
        elif op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT):
            lo, hi, sub = av
            hi = min(hi, lo + limit) if hi != sre_c.MAXREPEAT else lo + limit
            for _ in range(rnd.randint(lo, hi)):
                _emit(sub, rnd, out, limit)
        elif op == sre_c.SUBPATTERN:
            _emit(av[-1], rnd, out, limit)
        elif op == sre_c.BRANCH:
            _emit(rnd.choice(av[1]), rnd, out, limit)
        elif op == sre_c.AT:
            pass                        # ^ and $: the whole string
        else:
            raise Unsupported(op)


def from_pattern(pattern, rnd, limit=8):
    """A string that pattern matches whole (re.fullmatch)."""
    out = []
    _emit(sre_parse.parse(pattern), rnd, out, limit)
    return "".join(out)


def _resolve(schema, doc):
    while isinstance(schema, dict) and "$ref" in schema:
        node = doc
        for part in schema["$ref"][2:].split("/"):
            node = node[part]
        schema = node
    return schema


def _types(schema):
    t = schema.get("type")
    if t is None:
        if "enum" in schema:
            return ["enum"]
        if "properties" in schema:
            return ["object"]
        return []
    return [t] if isinstance(t, str) else list(t)


def _string(schema, rnd):
    fmt = schema.get("format")
    lo = schema.get("minLength", 0)
    hi = schema.get("maxLength", 40)
    pattern = schema.get("pattern")
    if fmt == "email":
        s = "%s%d@example.com" % (rnd.choice(WORDS), rnd.randint(0, 999))
    elif fmt == "uri":
        s = "https://hooks.example.com/%s" % rnd.choice(WORDS)
    elif fmt == "date-time":
        s = "2026-%02d-%02dT%02d:%02d:00Z" % (
            rnd.randint(1, 12), rnd.randint(1, 28), rnd.randint(0, 23),
            rnd.randint(0, 59))
    elif pattern and "\\u0000]*$" not in pattern:
        for _ in range(50):
            s = from_pattern(pattern, rnd)
            if lo <= len(s) <= hi:
                break
        else:
            raise Unsupported("no string of %r in %d..%d" % (pattern, lo, hi))
        return s
    else:
        # Words: text no handler reads as markup, empty or white space.
        s = rnd.choice(WORDS)
        while len(s) < lo:
            s += " " + rnd.choice(WORDS)
    if len(s) > hi:
        s = s[:hi]
    # No white space at the ends: a trimmed text keeps its length.
    s = s.rstrip()
    s += "x" * (lo - len(s))
    return s


def validator(schema, doc):
    """A validator of schema whose references ("#/components/...") are
    read in doc, the description schema comes from."""
    return jsonschema.Draft202012Validator(
        schema, resolver=jsonschema.RefResolver.from_schema(doc))


def value(schema, doc, rnd, depth=0):
    """A value that schema calls valid (checked)."""
    schema = _resolve(schema, doc)
    v = _value(schema, doc, rnd, depth)
    validator(schema, doc).validate(v)
    return v


def _value(schema, doc, rnd, depth):
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return rnd.choice([c for c in schema["enum"] if c is not None])
    if "anyOf" in schema and "type" not in schema:
        return _value(_resolve(rnd.choice(schema["anyOf"]), doc), doc, rnd,
                      depth)
    types = [t for t in _types(schema) if t != "null"]
    if not types:
        return "x"                      # any value at all
    t = rnd.choice(types)
    if t == "string":
        return _string(schema, rnd)
    if t == "integer":
        lo = schema.get("minimum", 0)
        hi = schema.get("maximum", lo + 100)
        return rnd.randint(lo, min(hi, lo + 100))
    if t == "number":
        lo = schema.get("minimum", 0)
        return lo + rnd.randint(0, 1000)
    if t == "boolean":
        return rnd.choice([True, False])
    if t == "array":
        lo = schema.get("minItems", 0)
        hi = min(schema.get("maxItems", lo + 2), lo + 2)
        items = _resolve(schema.get("items", {}), doc)
        return [_value(items, doc, rnd, depth + 1)
                for _ in range(rnd.randint(max(lo, 1 if hi else 0), hi))]
    if t == "object":
        return obj(schema, doc, rnd, depth)
    raise Unsupported(t)


def obj(schema, doc, rnd, depth=0, base=None, optional=0.5):
    """An object of schema: base's members, the required ones, some
    optional ones (each with probability optional), then its groups."""
    props = schema.get("properties", {})
    out = dict(base or {})
    for name in schema.get("required", []):
        if name not in out:
            out[name] = _value(_resolve(props[name], doc), doc, rnd,
                               depth + 1)
    for name, sub in props.items():
        if name not in out and depth < 3 and rnd.random() < optional:
            out[name] = _value(_resolve(sub, doc), doc, rnd, depth + 1)
    for rule in schema.get("allOf", []):
        _group(rule, props, out, doc, rnd, depth)
    if not props and schema.get("additionalProperties") is not False:
        return out
    return out


def _members(rule):
    return [s["required"][0] for s in rule]


def _group(rule, props, out, doc, rnd, depth):
    """Makes out meet one group rule (fb_schema.c's fb_group_schema)."""
    if "anyOf" in rule:
        names = _members(rule["anyOf"])
        if not any(out.get(n) is not None for n in names):
            name = rnd.choice(names)
            out[name] = _value(_resolve(props[name], doc), doc, rnd,
                               depth + 1)
    elif "not" in rule:
        pairs = [_members(p["allOf"]) for p in rule["not"]["anyOf"]]
        names = sorted({n for p in pairs for n in p})
        given = [n for n in names if out.get(n) is not None]
        for extra in given[1:]:
            del out[extra]


def _bad_strings(schema, longest):
    """Strings schema may refuse, with why: a NUL, no choice, one past
    its length (or longest), empty, off its pattern."""
    out = [("a NUL", "a\u0000b"), ("not a choice", "zz-nothing"),
           ("too long", "x" * (schema.get("maxLength", longest) + 1))]
    if schema.get("minLength", 0) > 0:
        out.append(("empty", ""))
    if schema.get("pattern") and "\\u0000]*$" not in schema["pattern"]:
        out += [("off the pattern", "zz"),
                ("off the pattern", "!" * max(schema.get("minLength", 1), 1))]
    return out


def invalid_values(schema, doc):
    """Values schema calls invalid (checked), with why: a wrong type,
    beyond a length or a range, outside the choices or the pattern, a NUL
    character."""
    schema = _resolve(schema, doc)
    types = _types(schema)
    found = []
    candidates = [
        ("a number", 12345), ("an object", {"x": 1}), ("a list", [[1]]),
        ("true", True), ("a NUL deep inside", [{"x": ["a\u0000b"]}]),
        ("a NUL in a name", {"a\u0000b": 1}),
    ]
    if "string" in types or "enum" in types:
        candidates += _bad_strings(schema, 70000)
    if "integer" in types:
        if "maximum" in schema:
            candidates.append(("above the maximum", schema["maximum"] + 1))
        if "minimum" in schema:
            candidates.append(("below the minimum", schema["minimum"] - 1))
        candidates.append(("a fraction", 1.5))
    checker = validator(schema, doc)
    for why, v in candidates:
        if not checker.is_valid(v):
            found.append((why, v))
    return found


def invalid_texts(schema, doc):
    """Texts a path, query or header parameter of schema cannot be (the
    parameter is text: what a schema refuses as JSON, a number for a
    string, may be a good text), with why; each checked."""
    schema = _resolve(schema, doc)
    types = _types(schema)
    found = []
    if "array" in types:
        # A list parameter, comma-separated: one bad item spoils it.
        for why, bad in invalid_texts(schema.get("items", {}), doc):
            if "," not in bad and bad != "":
                found.append(("an item " + why, bad))
        return found
    if "integer" in types:
        candidates = [("not a number", "zz"), ("a fraction", "1.5")]
        if "maximum" in schema:
            candidates.append(("above the maximum",
                               str(schema["maximum"] + 1)))
        if "minimum" in schema:
            candidates.append(("below the minimum",
                               str(schema["minimum"] - 1)))
        return [(w, t) for w, t in candidates
                if not _integer_text_valid(t, schema)]
    if "boolean" in types:
        return [("not true or false", "maybe")]
    checker = validator(schema, doc)
    return [(w, t) for w, t in _bad_strings(schema, 5000)
            if not checker.is_valid(t)]


def _integer_text_valid(text, schema):
    try:
        n = int(text)
    except ValueError:
        return False
    return schema.get("minimum", n) <= n <= schema.get("maximum", n)


def loosened(doc, path, method, param):
    """A copy of doc in which the path or query parameter param of one
    operation is any string: what a description that lost a rule says."""
    doc = copy.deepcopy(doc)
    for p in doc["paths"][path][method]["parameters"]:
        if p.get("name") == param:
            p["schema"] = {"type": "string", "minLength": 1,
                           "maxLength": 30}
    return doc
