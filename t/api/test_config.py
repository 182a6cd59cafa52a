"""Directives: bad values fail `apachectl configtest` with a clear message."""
import os
import shutil
import subprocess
import tempfile

import pytest

from conftest import ROOT, httpd_command, render_conf


def configtest(extra):
    run_dir = tempfile.mkdtemp(prefix="fbconf.", dir="/tmp")
    for d in ("run", "logs"):
        os.makedirs(os.path.join(run_dir, d))
    conf = os.path.join(run_dir, "httpd.conf")
    render_conf(conf, RUN_DIR=run_dir, PORT=1, LOG_LEVEL="warn",
                MODULE=os.path.join(ROOT, "mod_feedback.so"),
                SECRET="s" * 32, DBD_PARAMS="dbname=none",
                KEY_CACHE_TTL=10, EXTRA_CONF=extra)
    try:
        proc = subprocess.run(httpd_command("-t", "-f", conf),
                              capture_output=True, text=True)
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
    return proc.returncode, proc.stderr + proc.stdout


def test_the_rendered_configuration_is_valid():
    code, out = configtest("")
    assert code == 0, out
    assert "Syntax OK" in out


@pytest.mark.parametrize("line,message", [
    ("FeedbackDefaultVersion 2020-01-01.old", "unknown version"),
    ("FeedbackMaxBodySize 12abc", "whole number"),
    ("FeedbackMaxBodySize 10", "whole number"),
    ("FeedbackPortalURL ftp://%{org}.example.com", "http or https"),
    ("FeedbackPortalURL not-a-url", "http or https"),
    ("FeedbackSecret short", "at least 32"),
    ("FeedbackKeyCacheTTL 301", "0 to 300"),
    ("FeedbackKeyCacheTTL -1", "0 to 300"),
    ("FeedbackRateLimitKey lots", "whole number"),
    ("FeedbackRateLimitOrg 1000001", "whole number"),
])
def test_bad_values_fail_configtest(line, message):
    code, out = configtest(line)
    assert code != 0
    assert line.split()[0] in out and message in out, out


@pytest.mark.parametrize("line", [
    "FeedbackDefaultVersion 2025-12-12.clover",
    "FeedbackMaxBodySize 2048",
    "FeedbackPortalURL https://feedback.example.com/%{org}",
    "FeedbackKeyCacheTTL 0",
    "FeedbackRateLimitKey 0",
    "FeedbackRateLimitOrg 50000",
])
def test_good_values_pass_configtest(line):
    code, out = configtest(line)
    assert code == 0, out
