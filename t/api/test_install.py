"""make install: the files a2enmod expects, an example conf that passes
configtest, and the module installed into a copy of the stock Debian
apache2 layout, enabled with a2enmod and serving the API over TLS."""
import base64
import contextlib
import hashlib
import os
import shutil
import socket
import subprocess
import tempfile
import time

import requests

from conftest import BAD_LOG, ROOT, free_port, httpd_command


def make_install(*assignments):
    """make install with the flags the module was last built with (a run
    under --asan must not rebuild it without the sanitizer)."""
    try:
        with open(os.path.join(ROOT, ".build-flags")) as f:
            sanitize = f.read().strip()
    except OSError:
        sanitize = ""
    subprocess.run(["make", "-s", "-C", ROOT, "install",
                    "SANITIZE=" + sanitize] + list(assignments),
                   check=True, capture_output=True)


def test_install_layout_and_example_conf():
    dest = tempfile.mkdtemp(prefix="fbinstall.", dir="/tmp")
    make_install("DESTDIR=" + dest)
    libexec = subprocess.run(["apxs", "-q", "LIBEXECDIR"], check=True,
                             capture_output=True, text=True).stdout.strip()
    for path in (libexec + "/mod_feedback.so",
                 "/etc/apache2/mods-available/feedback.load",
                 "/etc/apache2/mods-available/feedback.conf",
                 "/usr/sbin/feedbackctl",
                 "/usr/sbin/feedback-import",
                 "/usr/share/mod_feedback/sql/001_init.sql"):
        assert os.path.isfile(dest + path), path
    load = open(dest + "/etc/apache2/mods-available/feedback.load").read()
    assert "LoadModule feedback_module " + libexec + "/mod_feedback.so" \
        in load

    # The example configuration, with the installed module, is valid.
    conf = os.path.join(dest, "httpd.conf")
    os.makedirs(os.path.join(dest, "run"))
    with open(conf, "w") as f:
        f.write("ServerRoot %s\nDefaultRuntimeDir %s/run\n"
                "ErrorLog %s/error.log\nListen 127.0.0.1:1\n"
                "LoadModule mpm_event_module "
                "/usr/lib/apache2/modules/mod_mpm_event.so\n"
                "LoadModule authz_core_module "
                "/usr/lib/apache2/modules/mod_authz_core.so\n"
                "LoadModule dbd_module /usr/lib/apache2/modules/mod_dbd.so\n"
                "LoadModule feedback_module %s%s/mod_feedback.so\n"
                "Include %s/etc/apache2/mods-available/feedback.conf\n"
                % (dest, dest, dest, dest, libexec, dest))
    proc = subprocess.run(httpd_command("-t", "-f", conf),
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    subprocess.run(["rm", "-rf", dest], check=True)


def apache_env(confdir, state):
    """The environment a2enmod and apache2ctl read: a private copy of
    /etc/apache2 (APACHE_CONFDIR) and a2enmod's state directory.
    APACHE_STARTED_BY_SYSTEMD keeps apache2ctl from handing the start to
    systemd, which would start the system's apache2 instead."""
    return dict(os.environ, APACHE_CONFDIR=confdir,
                APACHE_STATE_DIRECTORY=state, APACHE_STARTED_BY_SYSTEMD="1")


def sh(env, *args):
    return subprocess.run(args, env=env, capture_output=True, text=True)


def ctl(env, *args):
    """apache2ctl with the variables FEEDBACK_TEST_HTTPD_WRAPPER gives
    httpd ("env NAME=VALUE ...": the sanitizer's preload under --asan)."""
    words = os.environ.get("FEEDBACK_TEST_HTTPD_WRAPPER", "").split()
    extra = dict(w.split("=", 1) for w in words[1:] if "=" in w) \
        if words[:1] == ["env"] else {}
    return sh(dict(env, **extra), "apache2ctl", *args)


def edit(path, *pairs):
    with open(path) as f:
        text = f.read()
    for old, new in pairs:
        assert old in text, (path, old)
        text = text.replace(old, new)
    with open(path, "w") as f:
        f.write(text)


@contextlib.contextmanager
def stock_apache(tls_port, http_port):
    """A copy of the system's stock /etc/apache2 under /tmp, its run,
    lock and log directories there too (envvars), listening on 127.0.0.1
    only: the system's apache2 and its files are never touched."""
    work = tempfile.mkdtemp(prefix="fbstock.", dir="/tmp")
    os.chmod(work, 0o755)
    confdir = os.path.join(work, "apache2")
    shutil.copytree("/etc/apache2", confdir, symlinks=True)
    for d in ("run", "lock", "log", "state", "modules", "sbin", "share"):
        os.makedirs(os.path.join(work, d))
    with open(os.path.join(confdir, "envvars"), "a") as f:
        f.write("export APACHE_PID_FILE=%s/run/apache2.pid\n"
                "export APACHE_RUN_DIR=%s/run\n"
                "export APACHE_LOCK_DIR=%s/lock\n"
                "export APACHE_LOG_DIR=%s/log\n" % ((work,) * 4))
    with open(os.path.join(confdir, "ports.conf"), "w") as f:
        f.write("Listen 127.0.0.1:%d\n<IfModule ssl_module>\n"
                "    Listen 127.0.0.1:%d\n</IfModule>\n"
                % (http_port, tls_port))
    env = apache_env(confdir, os.path.join(work, "state"))
    try:
        yield work, confdir, env
    finally:
        ctl(env, "stop")
        pid = os.path.join(work, "run", "apache2.pid")
        deadline = time.time() + 15
        while os.path.exists(pid) and time.time() < deadline:
            time.sleep(0.1)
        shutil.rmtree(work, ignore_errors=True)


def self_signed(directory):
    cert = os.path.join(directory, "feedback.pem")
    key = os.path.join(directory, "feedback.key")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048",
                    "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-keyout", key, "-out", cert], check=True,
                   capture_output=True)
    return cert, key


def test_a2enmod_configtest_and_the_api_over_tls(fresh_database):
    tls_port, http_port = free_port(), free_port()
    with stock_apache(tls_port, http_port) as (work, confdir, env):
        make_install("APACHE_CONFDIR=" + confdir,
                     "APACHE_MODDIR=" + os.path.join(work, "modules"),
                     "SBINDIR=" + os.path.join(work, "sbin"),
                     "DATADIR=" + os.path.join(work, "share"))
        enabled = os.path.join(confdir, "mods-enabled")
        for f in ("dbd.load", "feedback.load"):
            assert not os.path.exists(os.path.join(enabled, f)), f
        r = sh(env, "a2enmod", "feedback")
        assert r.returncode == 0, r.stderr
        # a2enmod follows feedback.load's "Depends:" line.
        for f in ("dbd.load", "reqtimeout.load", "feedback.load",
                  "feedback.conf"):
            assert os.path.exists(os.path.join(enabled, f)), f
        for args in (("a2enmod", "ssl"), ("a2ensite", "feedback"),
                     ("a2dissite", "000-default")):
            r = sh(env, *args)
            assert r.returncode == 0, (args, r.stderr)

        # What the operator edits: the database, the secret; the vhost's
        # port and certificate.
        cert, key = self_signed(work)
        edit(os.path.join(confdir, "mods-available", "feedback.conf"),
             ('DBDParams "host=/var/run/postgresql dbname=feedback '
              'user=feedback connect_timeout=2"',
              'DBDParams "%s"' % fresh_database),
             ('# FeedbackSecret "change-me-to-at-least-32-random-'
              'characters"', 'FeedbackSecret "%s"' % ("k" * 40)))
        edit(os.path.join(confdir, "sites-available", "feedback.conf"),
             ("*:443", "127.0.0.1:%d" % tls_port),
             ("/etc/ssl/certs/ssl-cert-snakeoil.pem", cert),
             ("/etc/ssl/private/ssl-cert-snakeoil.key", key))

        r = ctl(env, "configtest")
        assert r.returncode == 0 and "Syntax OK" in r.stderr, r.stderr

        # A bad value anywhere stops configtest, naming the directive.
        bad = os.path.join(confdir, "conf-enabled", "zz-bad.conf")
        with open(bad, "w") as f:
            f.write("FeedbackKeyCacheTTL 301\n")
        r = ctl(env, "configtest")
        assert r.returncode != 0
        assert "FeedbackKeyCacheTTL" in r.stderr and "0 to 300" in r.stderr
        os.unlink(bad)

        # The installed feedbackctl finds the installed migrations.
        fbctl = os.path.join(work, "sbin", "feedbackctl")
        ctl_env = dict(os.environ, FEEDBACK_DB=fresh_database)
        out = subprocess.run([fbctl, "migrate"], env=ctl_env, check=True,
                             capture_output=True, text=True)
        assert out.stdout == ""
        _, _, api_key = subprocess.run(
            [fbctl, "org", "create", "Stock", "o@stock.example"],
            env=ctl_env, check=True, capture_output=True,
            text=True).stdout.strip().split("\t")

        # The operator surface of the example vhost, with a password file.
        with open(os.path.join(confdir, "feedback-operators"), "w") as f:
            f.write("ops:{SHA}%s\n" % base64.b64encode(
                hashlib.sha1(b"ops-secret").digest()).decode())

        r = ctl(env, "start")
        assert r.returncode == 0, r.stderr
        wait_listening(tls_port)
        got = requests.get("https://127.0.0.1:%d/v2/boards" % tls_port,
                           headers={"Authorization": "Bearer " + api_key},
                           verify=cert, timeout=30)
        assert got.status_code == 200, got.text
        assert isinstance(got.json(), list)
        assert got.raw.version == 11
        made = requests.post(
            "https://127.0.0.1:%d/feedback-operator/organizations"
            % tls_port, auth=("ops", "ops-secret"), verify=cert,
            json={"name": "Made", "ownerEmail": "o@made.example"},
            timeout=30)
        assert made.status_code == 201, made.text
        got = requests.get("https://127.0.0.1:%d/v2/boards" % tls_port,
                           headers={"Authorization": "Bearer "
                                    + made.json()["apiKey"]},
                           verify=cert, timeout=30)
        assert got.status_code == 200
        assert requests.post(
            "https://127.0.0.1:%d/feedback-operator/organizations"
            % tls_port, auth=("ops", "wrong"), verify=cert, json={},
            timeout=30).status_code == 401
        # The key is checked over TLS as anywhere.
        got = requests.get("https://127.0.0.1:%d/v2/boards" % tls_port,
                           headers={"Authorization": "Bearer sk_" + "x" * 40},
                           verify=cert, timeout=30)
        assert got.status_code == 401
        assert got.json()["error"]["code"]
        # The plain port serves no API: only the TLS vhost has /v2.
        got = requests.get("http://127.0.0.1:%d/v2/boards" % http_port,
                           timeout=30)
        assert got.status_code == 404
        # Debian's stock status.conf (Require local) shows the module.
        got = requests.get("http://127.0.0.1:%d/server-status?auto"
                           % http_port, timeout=30)
        assert got.status_code == 200
        assert "FBKeyCacheHitRate: " in got.text
        with open(os.path.join(work, "log", "error.log")) as f:
            log = f.read()
        # The wrong password above is httpd's to log (AH01617).
        bad = [line for line in log.splitlines()
               if BAD_LOG.search(line) and "AH01617" not in line]
        assert not bad, log


def wait_listening(port, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), 0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("nothing listens on %d" % port)
