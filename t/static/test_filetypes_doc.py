"""docs/operator.md ("Uploaded files") lists exactly what the file type
tables of modules/core/fb_filetype.c refuse: every extension, every
libmagic type and every script line, and nothing that is not in them.

The tables are C string arrays; they are read from the source, each
between its name and the `};` that ends it."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCE = (ROOT / "modules" / "core" / "fb_filetype.c").read_text()
OPERATOR = (ROOT / "docs" / "operator.md").read_text()


def table(name):
    """The strings of the C table name, comments left out."""
    body = SOURCE[SOURCE.index(name):]
    body = body[body.index("{") + 1:body.index("};")]
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    return re.findall(r'"((?:[^"\\]|\\.)*)"', body)


def section():
    """The operator guide's section on uploaded files, code spans only,
    each with white space made one space."""
    text = OPERATOR[OPERATOR.index("## Uploaded files"):]
    text = text[:text.index("\n## ", 3)]
    return [re.sub(r"\s+", " ", s) for s in re.findall(r"`([^`]+)`", text,
                                                       flags=re.S)]


def test_every_extension_listed():
    extensions = table("fb_filetype_refused_ext[]")
    assert len(extensions) > 100
    spans = set(section())
    assert [e for e in extensions if e not in spans] == []
    # The list in the doc is the table's, in its order.
    text = OPERATOR[OPERATOR.index("## Uploaded files"):]
    listed = re.sub(r"\s+", " ", text[text.index("`exe`"):
                                      text.index("`jnlp`") + 6])
    assert re.findall(r"`([^`]+)`", listed) == extensions


def test_every_type_listed():
    types = table("fb_filetype_program_types[]")
    spans = set(section())
    assert [t for t in types if t not in spans] == []
    mime = {s for s in spans if re.fullmatch(r"(application|text)/[\w.+-]+",
                                             s)}
    assert mime == set(types)


def test_every_script_line_listed():
    lines = [s.lower() for s in table("fb_filetype_script_lines[]")
             if s not in ("PowerShell", "VBScript", "Python", "Perl")]
    spans = {s.lower() for s in section()}
    # The Python imports ("import ", "from ") are described in words.
    missing = [l for l in lines if l not in spans
               and l.strip() not in ("import", "from")]
    assert missing == []
