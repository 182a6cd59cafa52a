"""make install: the files a2enmod expects, and an example conf that
passes configtest."""
import os
import subprocess
import tempfile

from conftest import ROOT, httpd_command


def test_install_layout_and_example_conf():
    dest = tempfile.mkdtemp(prefix="fbinstall.", dir="/tmp")
    subprocess.run(["make", "-s", "-C", ROOT, "install", "DESTDIR=" + dest],
                   check=True, capture_output=True)
    libexec = subprocess.run(["apxs", "-q", "LIBEXECDIR"], check=True,
                             capture_output=True, text=True).stdout.strip()
    for path in (libexec + "/mod_feedback.so",
                 "/etc/apache2/mods-available/feedback.load",
                 "/etc/apache2/mods-available/feedback.conf",
                 "/usr/sbin/feedbackctl",
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
