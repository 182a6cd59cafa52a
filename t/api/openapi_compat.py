"""Whether the served description's answers are compatible with the
hosted API's published description (its facts, t/reference/
openapi-facts.json) for an operation both have: every field the
reference requires is required here, every field both describe has a
type the reference allows, every choice here is one the reference lists.
Fields only this server sends are allowed; fields the reference has as
optional may be left out.
"""

NUMERIC = {"integer", "number"}


class Compat:
    def __init__(self, ours, ref):
        self.ours, self.ref = ours, ref

    @staticmethod
    def _resolve(doc, s):
        seen = 0
        while isinstance(s, dict) and "$ref" in s and seen < 50:
            at = doc
            for part in s["$ref"][2:].split("/"):
                at = at[part]
            extra = {k: v for k, v in s.items() if k != "$ref"}
            s = dict(at, **extra) if extra else at
            seen += 1
        return s

    def _flatten(self, doc, s):
        """s resolved, allOf merged; anyOf/oneOf left as alternatives."""
        s = self._resolve(doc, s)
        if not isinstance(s, dict) or "allOf" not in s:
            return s
        out = {k: v for k, v in s.items() if k != "allOf"}
        props = dict(out.get("properties", {}))
        req = list(out.get("required", []))
        for part in s["allOf"]:
            part = self._flatten(doc, part)
            props.update(part.get("properties", {}))
            req += part.get("required", [])
            for k in ("type", "items", "enum"):
                if k in part and k not in out:
                    out[k] = part[k]
        if props:
            out["properties"] = props
            out.setdefault("type", "object")
        if req:
            out["required"] = req
        return out

    def _alternatives(self, doc, s):
        s = self._flatten(doc, s)
        for key in ("anyOf", "oneOf"):
            if key in s:
                out = []
                for alt in s[key]:
                    out += self._alternatives(doc, alt)
                return out
        return [s]

    def _types(self, doc, s):
        """The JSON types s allows; None when it does not say."""
        out = set()
        for alt in self._alternatives(doc, s):
            t = alt.get("type")
            if t is None:
                if "const" in alt or "enum" in alt:
                    vals = [alt["const"]] if "const" in alt else alt["enum"]
                    for v in vals:
                        out.add({str: "string", bool: "boolean",
                                 int: "integer", float: "number",
                                 type(None): "null"}.get(type(v), "object"))
                    continue
                if "properties" in alt:
                    out.add("object")
                    continue
                return None
            out.update([t] if isinstance(t, str) else t)
            if alt.get("nullable"):
                out.add("null")
        return out

    def compare(self, ref_s, our_s, where, problems):
        rt = self._types(self.ref, ref_s)
        ot = self._types(self.ours, our_s)
        if rt is not None and ot is not None:
            loose = set(rt) | (NUMERIC if "number" in rt else set())
            extra = ot - loose
            if extra:
                problems.append("%s: typed %s here, %s in the reference"
                                % (where, sorted(ot), sorted(rt)))
                return
        r_alts = self._alternatives(self.ref, ref_s)
        o_alts = self._alternatives(self.ours, our_s)
        r_obj = [a for a in r_alts if "properties" in a]
        o_obj = [a for a in o_alts if "properties" in a]
        if len(r_obj) == 1 and len(o_obj) == 1:
            r, o = r_obj[0], o_obj[0]
            for k in r.get("required", []):
                if k not in o.get("required", []):
                    problems.append("%s.%s: required in the reference, "
                                    "not here" % (where, k))
            for k, sub in r.get("properties", {}).items():
                if k in o.get("properties", {}):
                    self.compare(sub, o["properties"][k],
                                 "%s.%s" % (where, k), problems)
        r_arr = [a for a in r_alts if "items" in a]
        o_arr = [a for a in o_alts if "items" in a]
        if len(r_arr) == 1 and len(o_arr) == 1:
            self.compare(r_arr[0]["items"], o_arr[0]["items"],
                         where + "[]", problems)
        r_enum = [a["enum"] for a in r_alts if "enum" in a]
        o_enum = [a["enum"] for a in o_alts if "enum" in a]
        if len(r_enum) == 1 and len(o_enum) == 1:
            bad = [v for v in o_enum[0]
                   if v is not None and v not in r_enum[0]]
            if bad:
                problems.append("%s: choices %s are not in the reference"
                                % (where, bad))


def success(doc, op, status_wanted=None):
    """(status, JSON schema) of op's success answer (the one of
    status_wanted when op has it, else its first), or (None, None)."""
    answers = sorted(op.get("responses", {}).items())
    answers.sort(key=lambda a: a[0] != status_wanted)
    for status, answer in answers:
        if status.startswith("2"):
            if "$ref" in answer:
                answer = Compat._resolve(doc, answer)
            media = answer.get("content", {}).get("application/json")
            return status, media.get("schema") if media else None
    return None, None
