"""docs/directives.md says what the module's directive table says.

The table (modules/http/fb_config.c) is read through httpd, not by parsing
C: `apache2 -L` with a configuration that loads the built module prints
every directive with its help text, which the table ends with a summary
in brackets:

    Largest JSON request body accepted [syntax: FeedbackMaxBodySize BYTES;
    range: 1024 to 1073741824; default: 1048576; context: server config,
    virtual host]

(on one line; range and default only where the table has them).  In the
doc, each directive is a column of a table with the rows Syntax, Default,
Range (when it has one) and Context: the syntax and context must be the
table's, the Default cell must start with the table's default in
backticks, and the range must be the table's.  Every directive is
documented once, and the doc (like the other docs and the shipped
configuration) names no directive the module does not have.
"""
import os
import pathlib
import re
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MODULE = ROOT / "mod_feedback.so"
DOC = ROOT / "docs" / "directives.md"
HELP = re.compile(r"^(?P<doc>.*?) \[(?P<summary>syntax: .*)\]$")
DIRECTIVE_WORD = re.compile(r"\bFeedback[A-Z][A-Za-z]*\b")


def apache_directives():
    """The module's directives as `apache2 -L` lists them: name -> the
    description and the bracketed summary's fields."""
    if not MODULE.exists():
        pytest.fail("%s is not built: run make first" % MODULE)
    with tempfile.TemporaryDirectory(prefix="fbstatic.") as run_dir:
        for d in ("run", "logs"):
            os.makedirs(os.path.join(run_dir, d))
        conf = os.path.join(run_dir, "httpd.conf")
        subprocess.run([str(ROOT / "scripts" / "render-conf.sh"), conf,
                        "RUN_DIR=" + run_dir, "PORT=1",
                        "MODULE=%s" % MODULE, "SECRET=" + "s" * 32,
                        "DBD_PARAMS=dbname=none"], check=True)
        # The same wrapper as the API suite: a module built with
        # AddressSanitizer loads only with the sanitizer preloaded.
        wrapper = os.environ.get("FEEDBACK_TEST_HTTPD_WRAPPER", "").split()
        proc = subprocess.run(wrapper + ["/usr/sbin/apache2", "-L",
                                         "-f", conf],
                              capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    lines = proc.stdout.splitlines()
    found = {}
    for i, line in enumerate(lines):
        m = re.match(r"^(\S+) \(mod_feedback\.c\)$", line)
        if not m:
            continue
        help_text = lines[i + 1].strip()
        h = HELP.match(help_text)
        assert h, "%s: help text without its summary: %r" % (m.group(1),
                                                             help_text)
        fields = dict(part.split(": ", 1)
                      for part in h.group("summary").split("; "))
        fields["doc"] = h.group("doc")
        found[m.group(1)] = fields
    return found


def split_row(line):
    """The cells of a markdown table row; an escaped \\| stays in its
    cell, as a plain |."""
    cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [c.strip().replace("\\|", "|") for c in cells]


def doc_directives():
    """Each directive documented in the doc's tables: name -> its cells
    (Syntax, Default, Range, Context) and the line of its table, found by
    the Syntax row's code spans."""
    found, duplicates = {}, []
    table = []
    lines = DOC.read_text().splitlines() + [""]
    for number, line in enumerate(lines, 1):
        if line.startswith("|"):
            table.append((number, line))
            continue
        if not table:
            continue
        rows = {split_row(l)[0]: split_row(l) for _, l in table}
        for column, cell in enumerate(rows.get("Syntax", [])[1:], 1):
            syntax = cell.strip("`")
            name = syntax.split()[0]
            entry = {"syntax": syntax, "line": table[0][0]}
            for label in ("Default", "Range", "Context"):
                if label in rows and column < len(rows[label]):
                    entry[label.lower()] = rows[label][column]
            if name in found:
                duplicates.append(name)
            found[name] = entry
        table = []
    return found, duplicates


@pytest.fixture(scope="module")
def module():
    return apache_directives()


@pytest.fixture(scope="module")
def doc():
    return doc_directives()


def test_the_module_lists_its_directives(module):
    assert len(module) >= 30, sorted(module)
    for name, d in module.items():
        assert d["doc"], name
        assert d["syntax"].split()[0] == name, d
        assert d["context"] in ("server config",
                                "server config, virtual host"), d


def test_every_directive_is_documented_once(module, doc):
    documented, duplicates = doc
    missing = sorted(set(module) - set(documented))
    assert not missing, "not in docs/directives.md: %s" % ", ".join(missing)
    assert not duplicates, "documented twice: %s" % ", ".join(duplicates)


def test_the_doc_has_no_directive_the_module_lacks(module, doc):
    documented, _ = doc
    extra = sorted(set(documented) - set(module))
    assert not extra, "not directives of the module: %s" % ", ".join(extra)


def test_docs_and_shipped_configuration_name_only_real_directives(module):
    files = sorted((ROOT / "docs").glob("*.md")) + \
        sorted((ROOT / "conf").iterdir()) + [ROOT / "README.md"]
    unknown = []
    for path in files:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for word in DIRECTIVE_WORD.findall(line):
                if word not in module:
                    unknown.append("%s:%d: %s" % (
                        path.relative_to(ROOT), number, word))
    assert not unknown, ("not directives of the module:\n"
                         + "\n".join(unknown))


def mismatches(module, doc, check):
    documented, _ = doc
    problems = []
    for name in sorted(set(module) & set(documented)):
        problem = check(module[name], documented[name])
        if problem:
            problems.append("docs/directives.md:%d: %s: %s" % (
                documented[name]["line"], name, problem))
    return problems


def test_syntax_matches(module, doc):
    def check(m, d):
        if d["syntax"] != m["syntax"]:
            return "Syntax %r, the module says %r" % (d["syntax"],
                                                       m["syntax"])
    problems = mismatches(module, doc, check)
    assert not problems, "\n".join(problems)


def test_context_matches(module, doc):
    def check(m, d):
        if d.get("context") != m["context"]:
            return "Context %r, the module says %r" % (d.get("context"),
                                                        m["context"])
    problems = mismatches(module, doc, check)
    assert not problems, "\n".join(problems)


def test_default_matches(module, doc):
    def check(m, d):
        cell = d.get("default", "")
        if not cell:
            return "no Default"
        if "default" in m and not cell.startswith("`%s`" % m["default"]):
            return "Default %r, the module says `%s`" % (cell, m["default"])
    problems = mismatches(module, doc, check)
    assert not problems, "\n".join(problems)


def test_range_matches(module, doc):
    def check(m, d):
        if d.get("range") != m.get("range"):
            return "Range %r, the module says %r" % (d.get("range"),
                                                      m.get("range"))
    problems = mismatches(module, doc, check)
    assert not problems, "\n".join(problems)
