#!/usr/bin/env python3
"""Every statement of the module, whole, as PostgreSQL prepares it.

    scripts/statements.py write DIR FILE.i...
    scripts/statements.py check DIR FILE.i...

A statement is declared in C (FB_SQL, fb_db.h) from string literals and
macros; nobody reads it whole there.  `make statements` runs the C
preprocessor over every source (build/<source>.i) and this script writes,
for each source that declares statements, DIR/<source without
modules/>.sql: each statement under a header naming it, whether it is
scoped by the organization, the types apr_dbd prepares its
placeholders as and, for a named statement (fb_params.h), the names of
its arguments after the organization; its text as the module prepares it (placeholders
numbered $1, $2, ... as apr_dbd numbers them), one line per piece of the
C text, so that a change to a macro shows in review as a change of SQL.
`check` exits 1, naming the files, when DIR is not what write would make
(t/static/test_statements.py).

The text in a file is the statement's exactly, except that the
whitespace ending a line is a newline: a line ends only where two C
pieces meet at whitespace outside a quoted SQL string.
"""
import os
import re
import sys

HEADER = """\
-- The statements of {source},
-- whole, as the module prepares them: each under its label, whether it is
-- scoped ($1 is the organization's id) or global, and the types apr_dbd
-- gives its placeholders.  Written by `make statements`
-- (scripts/statements.py): change the C, not this file.
"""

C_STRING = r'"(?:[^"\\\n]|\\.)*"'
DECLARATION = re.compile(
    r'fb_statement_t\s+fb_sql_(\w+)\s*=\s*\{\s*\.label\s*=\s*"(\w+)"\s*,'
    r'\s*\.sql\s*=\s*((?:' + C_STRING + r'\s*)+),'
    r'\s*\.nargs\s*=\s*([^,{}]+?)\s*,\s*\.scoped\s*=\s*([01])\s*'
    r'(?:,\s*\.params\s*=\s*fb_params_(\w+)_names\s*)?\}')
# The names of an argument set (fb_params.h: FB_PARAMS).
PARAMS = re.compile(
    r'fb_params_(\w+)_names\s*\[\s*\]\s*=\s*"\(([\w\s,]*)\)"')
PIECE = re.compile(C_STRING)
ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'",
           "r": "\r"}
ARITHMETIC = re.compile(r"^[0-9+\-*/() ]+$")
# The type apr_dbd's pgsql driver prepares each kind of placeholder as.
TYPES = {"s": "varchar", "d": "integer"}


def unescape(literal):
    """The text of one C string literal (the escapes the sources use)."""
    def one(m):
        if m.group(1) not in ESCAPES:
            raise ValueError("escape \\%s in %s" % (m.group(1), literal))
        return ESCAPES[m.group(1)]
    return re.sub(r"\\(.)", one, literal[1:-1])


def number_placeholders(piece, label, before):
    """piece with its placeholders numbered after the before placeholders
    of the pieces ahead of it, and their types: a '%' and a letter is one
    (fb_db_placeholders), '%%' is a '%'."""
    out, types, i = [], [], 0
    while i < len(piece):
        if piece.startswith("%%", i):
            out.append("%")
            i += 2
        elif piece[i] == "%" and i + 1 < len(piece) \
                and piece[i + 1].isalpha():
            if piece[i + 1] not in TYPES:
                raise ValueError("%s: placeholder %%%s is not %s"
                                 % (label, piece[i + 1],
                                    " or ".join("%" + t for t in TYPES)))
            types.append(TYPES[piece[i + 1]])
            out.append("$%d" % (before + len(types)))
            i += 2
        else:
            out.append(piece[i])
            i += 1
    return "".join(out), types


def lines_of(pieces):
    """The pieces joined, a new line where two meet at whitespace outside
    a quoted string, each line without the whitespace that ended it."""
    lines, line, quoted = [], "", False
    for piece in pieces:
        if (line and not quoted
                and (line[-1].isspace() or piece[:1].isspace())):
            lines.append(line.rstrip())
            line = piece
        else:
            line += piece
        quoted ^= piece.count("'") % 2 == 1
    lines.append(line.rstrip())
    return [x for x in lines if x.strip()]


def statements_of(text, source):
    """(label, scoped, types, lines) of every statement declared in the
    preprocessed text of source, in order."""
    found = []
    sets = {m.group(1): [n.strip() for n in m.group(2).split(",")]
            for m in PARAMS.finditer(text)}
    for m in DECLARATION.finditer(text):
        name, label, literals, nargs, scoped, params = m.groups()
        if name != label:
            raise ValueError("%s: fb_sql_%s is labelled %s"
                             % (source, name, label))
        names = None
        if params is not None:
            if params not in sets:
                raise ValueError("%s: %s names the arguments of %s, which "
                                 "it does not declare" % (source, label,
                                                          params))
            names = sets[params]
            nargs = str(len(names))
        if not ARITHMETIC.match(nargs):
            raise ValueError("%s: %s declares %r arguments"
                             % (source, label, nargs))
        pieces, types = [], []
        for literal in PIECE.findall(literals):
            piece, more = number_placeholders(unescape(literal), label,
                                              len(types))
            pieces.append(piece)
            types += more
        count = int(eval(nargs, {"__builtins__": {}})) + int(scoped)
        if len(types) != count:
            raise ValueError("%s: %s has %d placeholders for %d arguments"
                             % (source, label, len(types), count))
        found.append((label, scoped == "1", types, names,
                      lines_of(pieces)))
    return found


def render(source, statements):
    out = [HEADER.format(source=source)]
    for label, scoped, types, names, lines in statements:
        out.append("\n-- %s (%s; %s)%s\n"
                   % (label, "scoped" if scoped else "global",
                      ", ".join(types) or "no placeholders",
                      " named (%s)" % ", ".join(names) if names else ""))
        out.append("\n".join(lines) + ";\n")
    return "".join(out)


def source_of(preprocessed):
    """build/modules/x/y.i -> modules/x/y.c"""
    path = preprocessed.replace(os.sep, "/")
    if path.startswith("build/"):
        path = path[len("build/"):]
    return path[:-2] + ".c"


def target_of(directory, source):
    name = source[len("modules/"):] if source.startswith("modules/") \
        else source
    return os.path.join(directory, name[:-2] + ".sql")


def wanted(directory, preprocessed):
    """{path: text} of every file DIR should hold."""
    files, labels = {}, {}
    for i in preprocessed:
        source = source_of(i)
        with open(i, encoding="utf-8") as f:
            statements = statements_of(f.read(), source)
        for label, *_ in statements:
            if label in labels:
                raise ValueError("%s is declared in %s and %s"
                                 % (label, labels[label], source))
            labels[label] = source
        if statements:
            files[target_of(directory, source)] = render(source, statements)
    return files


def existing(directory):
    found = set()
    for root, _, names in os.walk(directory):
        found.update(os.path.join(root, n) for n in names
                     if n.endswith(".sql"))
    return found


def main(argv):
    if len(argv) < 3 or argv[1] not in ("write", "check"):
        sys.stderr.write(__doc__)
        return 2
    directory, preprocessed = argv[2], argv[3:]
    files = wanted(directory, preprocessed)
    stale = sorted(p for p in existing(directory) if p not in files)
    differ = []
    for path, text in sorted(files.items()):
        try:
            with open(path, encoding="utf-8") as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if not same:
            differ.append(path)
            if argv[1] == "write":
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    if argv[1] == "write":
        for path in stale:
            os.remove(path)
        return 0
    for path in differ:
        print("not current: %s (make statements)" % path)
    for path in stale:
        print("no source declares: %s (make statements)" % path)
    return 1 if differ or stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
