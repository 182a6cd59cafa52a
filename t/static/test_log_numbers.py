"""The module's log message numbers are unique and documented.

Every message the module logs starts with FBLOGNO(nnnnn) (fb_log.h), so
that operators and the API suite's error-log allow-lists can name it.  A
number used for two messages makes both ambiguous, so each number must
appear exactly once in mod_feedback.c and modules/, and docs/operator.md's
log table must list each number in use, no other, with the level the
code logs it at.  Other docs may mention only numbers in use.

The sources are read as text: the numbers are literal tokens there, and
the level is the APLOG_ constant of the same ap_log_* call.
"""
import collections
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
OPERATOR_DOC = ROOT / "docs" / "operator.md"
USE = re.compile(r"FBLOGNO\(([^)]*)\)")
LEVELS = {"EMERG": "emerg", "ALERT": "alert", "CRIT": "crit", "ERR": "error",
          "WARNING": "warn", "NOTICE": "notice", "INFO": "info",
          "DEBUG": "debug"}


def sources():
    files = [ROOT / "mod_feedback.c"]
    for pattern in ("*.c", "*.h"):
        files += sorted((ROOT / "modules").rglob(pattern))
    return files


def uses():
    """(number, level or None, "file:line") for each FBLOGNO(nnnnn); the
    definition in fb_log.h and its comment do not count."""
    found = []
    for path in sources():
        text = path.read_text()
        for m in USE.finditer(text):
            if path.name == "fb_log.h" and not m.group(1).isdigit():
                continue
            where = "%s:%d" % (path.relative_to(ROOT),
                               text.count("\n", 0, m.start()) + 1)
            call = text[text.rfind("ap_log_", 0, m.start()):m.start()]
            level = re.search(r"APLOG_(?!MARK\b)([A-Z]+\d?)\b", call)
            found.append((m.group(1), level and level.group(1), where))
    return found


def documented():
    """number -> level, from the rows "| FBnnnnn | level | meaning |"."""
    rows = re.findall(r"^\| FB(\d+) \| (\w+) \|", OPERATOR_DOC.read_text(),
                      re.M)
    counts = collections.Counter(number for number, _ in rows)
    assert not [n for n, c in counts.items() if c > 1], \
        "listed twice in docs/operator.md: %s" % sorted(
            n for n, c in counts.items() if c > 1)
    return dict(rows)


def test_numbers_are_five_digits():
    bad = ["%s: FBLOGNO(%s)" % (where, number)
           for number, _, where in uses()
           if not re.fullmatch(r"\d{5}", number)]
    assert len(uses()) >= 20
    assert not bad, "\n".join(bad)


def test_each_number_is_used_once():
    places = collections.defaultdict(list)
    for number, _, where in uses():
        places[number].append(where)
    reused = ["FB%s: %s" % (number, ", ".join(where))
              for number, where in sorted(places.items())
              if len(where) > 1]
    assert not reused, "numbers used more than once:\n" + "\n".join(reused)


def test_each_number_in_use_is_documented():
    doc = documented()
    missing = ["%s: FB%s" % (where, number)
               for number, _, where in uses() if number not in doc]
    assert not missing, ("not in docs/operator.md's log table:\n"
                         + "\n".join(missing))


def test_the_log_table_lists_only_numbers_in_use():
    in_use = {number for number, _, _ in uses()}
    stale = sorted("FB" + n for n in documented() if n not in in_use)
    assert not stale, "in docs/operator.md, not in the code: %s" % stale


def test_documented_levels_match_the_code():
    doc = documented()
    wrong = ["%s: FB%s is logged at %s, docs/operator.md says %s"
             % (where, number, LEVELS.get(level, level.lower()), doc[number])
             for number, level, where in uses()
             if level and number in doc
             and LEVELS.get(level, level.lower()) != doc[number]]
    assert not wrong, "\n".join(wrong)


def test_other_docs_mention_only_numbers_in_use():
    in_use = {number for number, _, _ in uses()}
    stale = []
    for path in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            stale += ["%s:%d: FB%s" % (path.relative_to(ROOT), number, n)
                      for n in re.findall(r"\bFB(\d{5})\b", line)
                      if n not in in_use]
    assert not stale, "numbers not in use:\n" + "\n".join(stale)
