"""docs/architecture.md names only what exists.

It is where a newcomer starts, so a file it points to or a symbol it
tells them to use must be in the tree.  Two checks:

- every repository path it names (modules/..., sql/..., t/...,
  scripts/..., bench/..., docs/..., conf/...) is a file or folder of the
  checkout; a migration may be named by its number alone (sql/030);
- every identifier of ours (fb_..., FB_...) in its code (backtick spans
  and indented blocks) occurs as a word in mod_feedback.c or modules/.

A name with a placeholder in it (modules/resources/<family>/,
fb_<family>_module) stands for a new one and is not checked.
"""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
PATH = re.compile(r"(?<![\w/.<>-])((?:modules|sql|t|scripts|bench|docs|conf)"
                  r"/[\w./<>-]*)")
SYMBOL = re.compile(r"(?<![\w<>])((?:fb|FB)_\w+)(?![\w<>])")
GENERATED = {"fb_openapi_parts.c"}   # made by the build, not committed


def lines():
    """(line number, text) of the document."""
    return enumerate(DOC.read_text().splitlines(), 1)


def code(text):
    """(line number, text) of the document's code: each backtick span
    (which may run over a line end; numbered by its first line) and each
    line indented as a block (four spaces)."""
    found = [(text.count("\n", 0, m.start()) + 1, m.group(1))
             for m in re.finditer(r"`([^`]+)`", text)]
    found += [(number, line)
              for number, line in enumerate(text.splitlines(), 1)
              if line.startswith("    ")]
    return found


def exists(path):
    if (ROOT / path).exists():
        return True
    # sql/030: the migration numbered so.
    m = re.fullmatch(r"sql/(\d{3})", path)
    return bool(m and list((ROOT / "sql").glob(m.group(1) + "_*.sql")))


def sources():
    files = [ROOT / "mod_feedback.c"]
    for pattern in ("*.c", "*.h"):
        files += [f for f in sorted((ROOT / "modules").rglob(pattern))
                  if f.name not in GENERATED]
    return "\n".join(f.read_text() for f in files)


def test_every_path_exists():
    named = [(number, m.group(1).rstrip(".")) for number, line in lines()
             for m in PATH.finditer(line)]
    assert len(named) > 20
    missing = ["docs/architecture.md:%d: %s" % (number, path)
               for number, path in named
               if "<" not in path and not exists(path)]
    assert not missing, "named, not in the tree:\n" + "\n".join(missing)


def test_every_symbol_exists():
    text = sources()
    named = [(number, m.group(1)) for number, span in code(DOC.read_text())
             for m in SYMBOL.finditer(span)]
    assert len(named) > 20
    missing = sorted({"docs/architecture.md:%d: %s" % (number, symbol)
                      for number, symbol in named
                      if not re.search(r"\b%s\b" % symbol, text)})
    assert not missing, ("named, not in the sources:\n"
                         + "\n".join(missing))
