"""sql/statements holds every statement of the module, whole, as `make
statements` writes it from the C (scripts/statements.py): a change to a
statement or to a macro it is made of shows in review as a change of
SQL."""
import glob
import os
import shutil
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def test_the_statement_files_are_current():
    done = subprocess.run(["make", "-s", "-C", ROOT, "statements-check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_changed_statement_file_is_found(tmp_path):
    """The check fails, naming the file, when a file is not what the C
    makes (a statement edited in SQL only, a file no source declares)."""
    copy = tmp_path / "statements"
    shutil.copytree(os.path.join(ROOT, "sql", "statements"), copy)
    teams = copy / "resources" / "teams" / "teams.sql"
    teams.write_text(teams.read_text().replace("t.org_id = $1",
                                               "t.org_id = $2", 1))
    (copy / "gone.sql").write_text("-- nothing\n")
    preprocessed = sorted(glob.glob(os.path.join(ROOT, "build", "**", "*.i"),
                                    recursive=True))
    assert preprocessed, "make statements-check made build/**/*.i"
    done = subprocess.run(
        [os.path.join(ROOT, "scripts", "statements.py"), "check", str(copy)]
        + [os.path.relpath(i, ROOT) for i in preprocessed],
        capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 1
    assert "not current: %s" % teams in done.stdout
    assert "no source declares: %s" % (copy / "gone.sql") in done.stdout
