"""Directives: bad values fail `apachectl configtest` with a clear message."""
import os
import shutil
import subprocess
import tempfile

import pytest
import requests

from conftest import ROOT, free_port, httpd, httpd_command, render_conf


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


BAD_VALUES = [
    ("FeedbackDefaultVersion 2020-01-01.old", "unknown version"),
    ("FeedbackMaxBodySize 12abc", "whole number"),
    ("FeedbackMaxBodySize 10", "whole number"),
    ("FeedbackMaxUploadSize 1023", "whole number"),
    ("FeedbackMaxUploadSize 2g", "whole number"),
    ("FeedbackPortalURL ftp://%{org}.example.com", "http or https"),
    ("FeedbackPortalURL not-a-url", "http or https"),
    ("FeedbackSecret short", "at least 32"),
    ("FeedbackHelpCenterHosts custom", "neither external nor portal"),
    ("FeedbackHelpCenterHosts", "takes one argument"),
    ("FeedbackHelpCenterCacheTTL 3601", "0 to 3600"),
    ("FeedbackHelpCenterCacheTTL -1", "0 to 3600"),
    ("FeedbackKeyCacheTTL 301", "0 to 300"),
    ("FeedbackAuditRetention 36501", "0 to 36500"),
    ("FeedbackAuditRetention -1", "0 to 36500"),
    ("FeedbackKeyCacheTTL -1", "0 to 300"),
    ("FeedbackRateLimitKey lots", "whole number"),
    ("FeedbackRateLimitOrg 1000001", "whole number"),
    ("FeedbackRateLimitPublic -1", "whole number"),
    ("FeedbackRateLimitAuthFail -1", "whole number"),
    ("FeedbackRateLimitAuthFail 1000001", "whole number"),
    ("FeedbackShareWorkers 0", "whole number"),
    ("FeedbackShareWorkers 101", "whole number"),
    ("FeedbackShareFloor 0", "whole number"),
    ("FeedbackExpensivePerOrganization 0", "whole number"),
    ("FeedbackExpensiveConnections none", "whole number"),
    ("FeedbackReadReplica \"host=a dbnme=b\"", "not a libpq connection"),
    ("FeedbackReadReplica \"host='a\"", "not a libpq connection"),
    ("FeedbackReplicaMaxLag 2h", "not a time from 0s to 1h"),
    ("FeedbackReplicaMaxLag soon", "not a time from 0s to 1h"),
    ("FeedbackReplicaConnections 0", "whole number"),
    ("FeedbackExpensivePerNode -1", "whole number"),
    ("FeedbackExpensivePerNode 1001", "whole number"),
    ("FeedbackExpensiveQueue 61s", "not a time from 0s to 60s"),
    ("FeedbackExpensiveQueue soon", "not a time from 0s to 60s"),
    ("FeedbackExpensiveQueue 5seconds", "not a time from 0s to 60s"),
    ("FeedbackExpensiveTimeout 1ms", "not a time from 10ms to 10mi"),
    ("FeedbackExpensiveTimeout 11mi", "not a time from 10ms to 10mi"),
    ("FeedbackUploadsPerOrganization 0", "whole number"),
    ("FeedbackConnectionReserve 61s", "not a time from 0s to 60s"),
    ("FeedbackShareDatabase -1", "whole number"),
    ("FeedbackShareDatabase many", "whole number"),
    ("FeedbackConnectionReserve -1", "not a time from 0s to 60s"),
    ("<VirtualHost 127.0.0.1:1>\nFeedbackShareWorkers 50\n</VirtualHost>",
     "cannot occur within"),
    ("FeedbackDBAcquireTimeout 0", "not a time from 1ms to 60s"),
    ("FeedbackDBAcquireTimeout 61s", "not a time from 1ms to 60s"),
    ("FeedbackHeaderTimeout 1s 20s", "may not be longer than the time"),
    ("FeedbackHeaderTimeout 50ms", "not a time from 100ms to 300s"),
    ("FeedbackHeaderTimeout 20s 1s 1s", "takes 1-2 arguments"),
    ("<VirtualHost 127.0.0.1:1>\nFeedbackHeaderTimeout 5s\n</VirtualHost>",
     "cannot occur within"),
    ("FeedbackBodyGrace soon", "not a time from 100ms to 300s"),
    ("FeedbackBodyGrace 1s 2s", "may not be longer than the time"),
    ("FeedbackBodyMinRate 9000 500", "may not be below the floor"),
    ("FeedbackBodyMinRate fast", "whole number"),
    ("FeedbackBodyMinRate -1 500", "whole number"),
    ("FeedbackUploadMinRate 500 104857601", "from 0 to 104857600"),
    ("FeedbackUploadMinRate 2k", "whole number"),
    ("FeedbackBodyTimeout 0", "not a time from 1s to 24h"),
    ("FeedbackUploadTimeout 25h", "not a time from 1s to 24h"),
    ("FeedbackPublicURL ftp://x.example", "http or https URL"),
    ("FeedbackPublicURL not-a-url", "http or https URL"),
    ("<VirtualHost 127.0.0.1:1>\nFeedbackDBAcquireTimeout 1s\n"
     "</VirtualHost>", "cannot occur within"),
    ("<VirtualHost 127.0.0.1:1>\nFeedbackSMTPUser u\n</VirtualHost>",
     "cannot occur within"),
    ("<VirtualHost 127.0.0.1:1>\nFeedbackSMTPPassword p\n</VirtualHost>",
     "cannot occur within"),
    ("FeedbackOutboundDeny 10.0.0.1/8", "bits set after its prefix"),
    ("FeedbackOutboundDeny 10.0.0.0/33", "prefix length"),
    ("FeedbackOutboundDeny example.com", "not an IPv4 or IPv6"),
    ("FeedbackOutboundAllow 127.1", "not an IPv4 or IPv6"),
    ("FeedbackOutboundAllow 10.1.2.0/24 fd00::/129", "prefix length"),
    ("FeedbackOutboundCAFile /nonexistent/ca.pem", "not a readable file"),
    ("FeedbackOutboundCAFile /tmp", "not a readable file"),
    ("FeedbackOutboundTimeout 0", "1 to 300"),
    ("FeedbackOutboundTimeout 301", "1 to 300"),
    ("FeedbackOutboundConnectTimeout 5s", "1 to 300"),
    ("FeedbackOutboundMaxSize 1023", "1024 to 1073741824"),
    ("FeedbackOutboundMaxSize 10M", "1024 to 1073741824"),
    ("FeedbackOutboundAllowLoopback yes", "FeedbackOutboundAllowLoopback"),
    ("FeedbackWorker maybe", "On or Off"),
    ("FeedbackWorkerInterval 9", "from 10 to 3600000"),
    ("FeedbackWorkerConcurrency 0", "from 1 to 64"),
    ("FeedbackWorkerConcurrency 65", "from 1 to 64"),
    ("FeedbackWorkerLease 1", "from 2 to 86400"),
    ("FeedbackWorkerRetryDelay soon", "whole number"),
    ("FeedbackWorkerMaxAttempts 101", "from 1 to 100"),
    ("FeedbackWebhookMax 100001", "from 0 to 100000"),
    ("FeedbackWebhookMax ten", "whole number"),
    ("FeedbackWebhookRetrySchedule 1m soon", "'soon' is not a delay"),
    ("FeedbackWebhookRetrySchedule 5ms", "'5ms' is not a delay"),
    ("FeedbackWebhookRetrySchedule 8d", "'8d' is not a delay"),
    ("FeedbackWebhookRetrySchedule 200h", "'200h' is not a delay"),
    ("FeedbackWebhookRetrySchedule -1s", "'-1s' is not a delay"),
    ("FeedbackWebhookFailureThreshold 0", "from 1 to 100000"),
    ("FeedbackSMTPServer http://mail.example.com", "smtp:// or smtps://"),
    ("FeedbackSMTPServer smtp://", "smtp:// or smtps://"),
    ("FeedbackMailFrom Feedback <f@example.com>", "takes one argument"),
    ("FeedbackMailFrom f@exa mple.com", "takes one argument"),
    ("FeedbackMailFrom feedback", "plain email address"),
    ("FeedbackMailFrom f\"x@example.com", "plain email address"),
    # The worker serves the whole server, not a virtual host.
    ("<VirtualHost 127.0.0.1:1>\nFeedbackSMTPServer smtp://m.example\n"
     "</VirtualHost>", "cannot occur within"),
    ("<VirtualHost 127.0.0.1:1>\nFeedbackWorker Off\n</VirtualHost>",
     "cannot occur within"),
    ("<VirtualHost 127.0.0.1:1>\nFeedbackWebhookRetrySchedule 1m\n"
     "</VirtualHost>", "cannot occur within"),
    ("<VirtualHost 127.0.0.1:1>\nFeedbackWebhookFailureThreshold 3\n"
     "</VirtualHost>", "cannot occur within"),
]


@pytest.mark.parametrize("line,message", BAD_VALUES)
def test_bad_values_fail_configtest(line, message):
    code, out = configtest(line)
    assert code != 0
    name = line.split("\n")[-2 if "\n" in line else 0].split()[0]
    assert name in out and message in out, out


@pytest.mark.parametrize("line", [
    "FeedbackDefaultVersion 2025-12-12.clover",
    "FeedbackMaxBodySize 2048",
    "FeedbackPortalURL https://feedback.example.com/%{org}",
    "FeedbackHelpCenterHosts Portal\nFeedbackHelpCenterCacheTTL 0",
    "<VirtualHost 127.0.0.1:1>\nFeedbackHelpCenterHosts external\n"
    "FeedbackHelpCenterCacheTTL 3600\n</VirtualHost>",
    "FeedbackKeyCacheTTL 0",
    "FeedbackReadReplica \"host=127.0.0.1 port=1 dbname=x "
    "connect_timeout=1\"\nFeedbackReplicaMaxLag 500ms\n"
    "FeedbackReplicaConnections 8",
    "FeedbackRateLimitKey 0",
    "FeedbackRateLimitOrg 50000",
    "FeedbackRateLimitPublic 0",
    "FeedbackOutboundDeny 203.0.113.0/24 2001:db8::/32 198.51.100.7",
    "FeedbackOutboundAllow 10.1.2.0/24\nFeedbackOutboundAllow fd00:1::/48",
    "FeedbackOutboundCAFile /etc/ssl/certs/ca-certificates.crt",
    "FeedbackOutboundTimeout 300",
    "FeedbackOutboundConnectTimeout 1",
    "FeedbackOutboundMaxSize 1024",
    "FeedbackOutboundAllowLoopback Off",
    "FeedbackWorker Off",
    "FeedbackHeaderTimeout 5",
    "FeedbackHeaderTimeout 20s 500ms\nFeedbackBodyGrace 10 2\n"
    "FeedbackBodyMinRate 0\nFeedbackUploadMinRate 500 16384\n"
    "FeedbackBodyTimeout 2mi\nFeedbackUploadTimeout 1h",
    "<VirtualHost 127.0.0.1:1>\nFeedbackBodyMinRate 1000 4000\n"
    "FeedbackUploadTimeout 24h\n</VirtualHost>",
    "FeedbackWebhookMax 0",
    "FeedbackWebhookRetrySchedule 10ms 1 30s 5m 2h 168h\n"
    "FeedbackWebhookRetrySchedule 1h",
    "FeedbackWebhookFailureThreshold 100000",
    "<VirtualHost 127.0.0.1:1>\nFeedbackWebhookMax 3\n</VirtualHost>",
    "FeedbackWorkerInterval 10\nFeedbackWorkerConcurrency 64\n"
    "FeedbackWorkerLease 86400\nFeedbackWorkerRetryDelay 86400000\n"
    "FeedbackWorkerMaxAttempts 1",
    "FeedbackSMTPServer smtps://mail.example.com:465\n"
    "FeedbackMailFrom no-reply+feedback@mail.example.com\n"
    "FeedbackSMTPUser feedback\nFeedbackSMTPPassword \"p w\"",
])
def test_good_values_pass_configtest(line):
    code, out = configtest(line)
    assert code == 0, out


def startup_log(database, extra):
    """The error log of an httpd started with extra, once a child has
    answered a request: the port accepts connections from the first
    configuration pass on, but children (hence an answer) come only after
    the second, whose post_config logs what the start-up has to say."""
    with httpd(database, extra) as s:
        requests.get(s.base + "/v2/boards", timeout=30)
        with open(s.error_log, errors="replace") as f:
            return f.read()


def test_allow_loopback_warns_at_start(database):
    log = startup_log(database, "FeedbackOutboundAllowLoopback On")
    assert "FB00052" in log and "tests only" in log, log


def test_outbound_defaults_start_quietly(database):
    log = startup_log(database, "FeedbackOutboundDeny 203.0.113.0/24")
    assert "FB0005" not in log, log


def test_an_smtp_server_without_a_sender_stops_the_start(database):
    """Caught when the server starts (it takes two directives), with a
    log line saying what is missing."""
    run_dir = tempfile.mkdtemp(prefix="fbconf.", dir="/tmp")
    os.chmod(run_dir, 0o755)
    for d in ("run", "logs"):
        os.makedirs(os.path.join(run_dir, d))
    conf = os.path.join(run_dir, "httpd.conf")
    render_conf(conf, RUN_DIR=run_dir, PORT=free_port(), LOG_LEVEL="warn",
                MODULE=os.path.join(ROOT, "mod_feedback.so"),
                SECRET="s" * 32, DBD_PARAMS=database, KEY_CACHE_TTL=10,
                EXTRA_CONF="FeedbackSMTPServer smtp://127.0.0.1:25\n")
    try:
        proc = subprocess.run(httpd_command("-f", conf, "-DFOREGROUND"),
                              capture_output=True, text=True, timeout=30)
        with open(os.path.join(run_dir, "logs", "error.log")) as f:
            log = f.read()
    finally:
        shutil.rmtree(run_dir, ignore_errors=True)
    assert proc.returncode != 0
    assert ("FB00208: FeedbackSMTPServer needs FeedbackMailFrom" in log), log


def test_every_directive_has_a_bad_value_tried():
    """configtest catches bad values of every directive: each one the
    module has (apache2 -L) is among the cases above."""
    import sys
    sys.path.insert(0, os.path.join(ROOT, "t", "static"))
    from test_directives_doc import apache_directives
    tried = {line.split("\n")[-2 if "\n" in line else 0].split()[0]
             for line, _ in BAD_VALUES}
    assert set(apache_directives()) - tried == set()
