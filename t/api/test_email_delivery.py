"""The background worker delivering email_outbox rows over SMTP.

Each test runs its own httpd (or two) with its worker on, on a database
of its own, so that no other test's worker takes its rows, and a real
SMTP server (aiosmtpd) on 127.0.0.1 receives the mail.
Intervals, leases and retry delays are short through the directives.
"""
import json
import os
import re
import signal
import time

import pytest

from conftest import (BAD_LOG, Org, create_database, error_log_lines,
                      free_port, httpd)

FROM = "feedback@example.com"
# Every child logs this when a worker is killed on purpose.
KILLED = "AH00052"


def httpd_worker(dsn, conf):
    """An httpd whose background worker runs, configured by conf."""
    return httpd(dsn, conf, worker=True)


def worker_conf(sink=None, url=None, lease=4, attempts=3, extra=""):
    lines = ["FeedbackWorkerInterval 50",
             "FeedbackWorkerRetryDelay 100",
             "FeedbackWorkerMaxAttempts %d" % attempts,
             "FeedbackWorkerLease %d" % lease]
    if sink is not None or url is not None:
        lines += ["FeedbackSMTPServer " + (url or sink.url),
                  "FeedbackMailFrom " + FROM]
    return "\n".join(lines) + "\n" + extra


def queue(server, org, recipient, subject="Hello", text="Body",
          html="<p>Body</p>", headers=None, preference=None):
    """An outbox row, as a resource would write it; returns its id."""
    return server.sql(
        "INSERT INTO email_outbox (org_id, kind, recipient, subject, "
        "body_html, body_text, headers, preference) VALUES (%s, 'test', %s, "
        "%s, %s, %s, %s::jsonb, %s) RETURNING id", org.id, recipient,
        subject, html, text,
        json.dumps(headers) if headers is not None else None,
        preference)[0][0]


def rows(server, org):
    """{id: (state, attempts, last_error, sent?, leased?)}"""
    return {r[0]: r[1:] for r in server.sql(
        "SELECT id, state, attempts, last_error, sent_at IS NOT NULL, "
        "lease_until IS NOT NULL FROM email_outbox WHERE org_id = %s",
        org.id)}


def wait_rows(server, org, done, seconds=20):
    """Waits until done(rows) holds; returns the rows."""
    deadline = time.time() + seconds
    while True:
        current = rows(server, org)
        if done(current) or time.time() > deadline:
            return current
        time.sleep(0.05)


def all_in(*states):
    return lambda rs: rs and all(r[0] in states for r in rs.values())


def assert_log_clean(server, allowed=()):
    bad = error_log_lines(server, allowed)
    assert not bad, "unexpected error log lines:\n" + "\n".join(bad)


def test_status_update_emails_reach_each_voter_once(fresh_database,
                                                    smtp_sink):
    with httpd_worker(fresh_database, worker_conf(smtp_sink)) as server:
        org = Org(server, "mail" + os.urandom(3).hex())
        board = server.sql("INSERT INTO boards (org_id, name) VALUES "
                           "(%s, 'Main') RETURNING id", org.id)[0][0]
        done = server.sql("SELECT id FROM post_statuses WHERE org_id = %s "
                          "AND type = 'completed'", org.id)[0][0]
        title = "Mode sombre \u00ab \u00e9t\u00e9 \u00bb \u2600 & <b>"
        post = org.api.post("/posts", json={"title": title, "upvotes": 0,
                                            "boardId": board}).json()
        voters = ["ann@x.example", "bo@y.example", "chloe@z.example"]
        for v in voters:
            r = org.api.post("/posts/%s/voters" % post["id"],
                             json={"email": v, "name": v.split("@")[0]})
            assert r.status_code == 201, r.text
        r = org.api.request("PATCH", "/posts/" + post["id"],
                            json={"statusId": done,
                                  "sendStatusUpdateEmail": True})
        assert r.status_code == 200, r.text

        final = wait_rows(server, org, all_in("sent"))
        got = smtp_sink.wait_for(3)
        assert sorted(rcpt for _, rcpt, _ in got) == sorted(
            [v] for v in voters)
        ids = {server.sql("SELECT recipient FROM email_outbox WHERE id = %s",
                          i)[0][0]: i for i in final}
        for mail_from, (rcpt,), msg in got:
            assert mail_from == FROM
            assert msg["To"] == rcpt and msg["From"] == FROM
            assert msg["Subject"] == "Status update: " + title
            assert msg["Message-ID"] == "<%s.%s@example.com>" % (ids[rcpt],
                                                                org.id)
            assert msg["Date"].datetime.tzinfo is not None
            assert msg.get_content_type() == "multipart/alternative"
            text = msg.get_body(("plain",))
            html = msg.get_body(("html",))
            assert text.get_content_charset() == "utf-8"
            # A bulk email: the voter's own link to leave the list.
            link = msg["List-Unsubscribe"].strip("<>")
            assert "list=postUpdates" in link
            assert msg["List-Unsubscribe-Post"] == \
                "List-Unsubscribe=One-Click"
            assert text.get_content().replace("\r\n", "\n") == (
                title + " is now Completed.\n\nUnsubscribe from post status "
                "update emails: " + link + "\n")
            assert html.get_content().startswith(
                "<p><strong>Mode sombre \u00ab \u00e9t\u00e9 \u00bb \u2600 "
                "&amp; &lt;b&gt;</strong> is now <strong>Completed</strong>."
                "</p>")
            assert 'href="%s"' % link.replace("&", "&amp;") in \
                html.get_content()
        assert set(final.values()) == {("sent", 1, None, True, False)}
        time.sleep(0.3)
        assert len(smtp_sink.messages) == 3
        assert_log_clean(server)


def test_without_an_smtp_server_emails_are_skipped(fresh_database):
    with httpd_worker(fresh_database, worker_conf()) as server:
        org = Org(server, "skip" + os.urandom(3).hex())
        for i in range(3):
            queue(server, org, "u%d@x.example" % i)
        final = wait_rows(server, org, all_in("skipped"))
        assert set(final.values()) == {
            ("skipped", 1, "no FeedbackSMTPServer is configured", False,
             False)}
        assert_log_clean(server)


@pytest.mark.parametrize("refusal, reply", [
    ("refuse", "550 5.1.1 No such user here"),          # the recipient
    ("refuse_data", "554 5.7.1 Message rejected as spam"),  # the message
])
def test_a_permanent_refusal_fails_at_once(fresh_database, smtp_sink,
                                           refusal, reply):
    setattr(smtp_sink, refusal, reply)
    with httpd_worker(fresh_database, worker_conf(smtp_sink)) as server:
        org = Org(server, "refuse" + os.urandom(3).hex())
        mid = queue(server, org, "gone@x.example")
        final = wait_rows(server, org, all_in("failed"))
        state, attempts, error, sent, leased = final[mid]
        assert (state, attempts, sent, leased) == ("failed", 1, False, False)
        assert reply in error
        assert smtp_sink.messages == []
        assert_log_clean(server)


def test_a_temporary_refusal_is_retried(fresh_database, smtp_sink):
    smtp_sink.refuse, smtp_sink.refuse_count = "451 4.3.0 Try later", 1
    with httpd_worker(fresh_database, worker_conf(smtp_sink)) as server:
        org = Org(server, "later" + os.urandom(3).hex())
        mid = queue(server, org, "patient@x.example", subject="Caf\u00e9")
        final = wait_rows(server, org, all_in("sent"))
        state, attempts, error, sent, leased = final[mid]
        assert (state, attempts, sent, leased) == ("sent", 2, True, False)
        # The error of the failed attempt stays for the operator.
        assert "451 4.3.0 Try later" in error
        got = smtp_sink.wait_for(1)
        assert len(got) == 1 and got[0][2]["Subject"] == "Caf\u00e9"
        assert_log_clean(server)


def test_server_down_retries_with_backoff_then_fails(fresh_database):
    # Nothing listens there: every attempt fails to connect.
    url = "smtp://127.0.0.1:%d" % free_port()
    with httpd_worker(fresh_database, worker_conf(url=url, attempts=4)) as server:
        org = Org(server, "down" + os.urandom(3).hex())
        start = time.time()
        mid = queue(server, org, "someone@x.example")
        seen = set()

        def watch(rs):
            seen.add(rs[mid][:2])
            return rs[mid][0] == "failed"
        final = wait_rows(server, org, watch)
        elapsed = time.time() - start
        state, attempts, error, sent, leased = final[mid]
        assert (state, attempts, sent, leased) == ("failed", 4, False, False)
        assert "connect" in error.lower()
        # Pending between attempts, attempts counted one by one.
        assert ("pending", 1) in seen or ("pending", 2) in seen
        # Waits of 100, 200 and 400 ms between the four attempts.
        assert elapsed >= 0.7
        assert_log_clean(server)


def test_extra_header_fields(fresh_database, smtp_sink):
    with httpd_worker(fresh_database, worker_conf(smtp_sink)) as server:
        org = Org(server, "hdr" + os.urandom(3).hex())
        unsub = ("<https://feedback.example.com/v2/unsubscribe?token=%s>"
                 % ("ab" * 40))
        good = queue(server, org, "list@x.example", headers={
            "List-Unsubscribe": unsub,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})
        bad = queue(server, org, "spoof@x.example",
                    headers={"From": "ceo@example.com"})
        final = wait_rows(server, org, all_in("sent", "failed"))
        assert final[good][0] == "sent"
        assert final[bad][:2] == ("failed", 1)
        assert "From would replace" in final[bad][2]
        (_, rcpt, msg), = smtp_sink.wait_for(1)
        assert rcpt == ["list@x.example"]
        assert msg["List-Unsubscribe"] == unsub
        assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert_log_clean(server)


def test_stored_images_are_signed_for_the_email(fresh_database, smtp_sink):
    """Content images are markers in stored HTML; an email carries them
    signed under FeedbackPublicURL, valid for long enough to be read."""
    key = "0123456789abcdef" * 2
    conf = worker_conf(smtp_sink,
                       extra="FeedbackPublicURL https://api.example\n")
    with httpd_worker(fresh_database, conf) as server:
        org = Org(server, "img" + os.urandom(3).hex())
        queue(server, org, "img@x.example",
              html='<p>See <img src="https://files.feedback.invalid/%s">'
                   '</p>' % key)
        (_, _, msg), = smtp_sink.wait_for(1)
        html = msg.get_body(("html",)).get_content()
        assert "files.feedback.invalid" not in html
        m = re.search(r'src="https://api\.example/v2/files/%s\?expires='
                      r'(\d+)&amp;signature=[0-9a-f]{64}"' % key, html)
        assert m, html
        assert int(m.group(1)) > time.time() + 80 * 24 * 3600
        assert_log_clean(server)


def test_two_servers_on_one_database_send_each_email_once(fresh_database,
                                                          smtp_sink):
    conf = worker_conf(smtp_sink, extra="FeedbackWorkerConcurrency 3\n")
    with httpd_worker(fresh_database, conf) as one, \
            httpd_worker(fresh_database, conf) as two:
        org = Org(one, "two" + os.urandom(3).hex())
        recipients = ["r%02d@x.example" % i for i in range(60)]
        one.sql("INSERT INTO email_outbox (org_id, kind, recipient, "
                "subject, body_html, body_text) SELECT %s, 'test', r, "
                "'Hi', '<p>Hi</p>', 'Hi' FROM unnest(%s::text[]) AS r",
                org.id, recipients)
        final = wait_rows(one, org, all_in("sent"))
        got = smtp_sink.wait_for(60)
        time.sleep(0.5)
        assert sorted(r for _, (r,), _ in smtp_sink.messages) == recipients
        assert {v[:2] for v in final.values()} == {("sent", 1)}
        assert len(got) == 60
        assert_log_clean(one)
        assert_log_clean(two)


def client_pid(port):
    """The process holding the TCP client socket with local port port."""
    inode = None
    with open("/proc/net/tcp") as f:
        for line in f.readlines()[1:]:
            fields = line.split()
            # A closed socket of the same port (TIME_WAIT, another test's
            # or another suite's on this machine) has no inode: 0.
            if int(fields[1].split(":")[1], 16) == port \
                    and fields[9] != "0":
                inode = fields[9]
    assert inode, "no socket with local port %d" % port
    target = "socket:[%s]" % inode
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fds = os.listdir("/proc/%s/fd" % pid)
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink("/proc/%s/fd/%s" % (pid, fd)) == target:
                    return int(pid)
            except OSError:
                pass
    raise AssertionError("no process holds %s" % target)


def test_a_killed_child_leaves_its_email_to_another(fresh_database,
                                                    smtp_sink):
    smtp_sink.hold = True
    with httpd_worker(fresh_database, worker_conf(smtp_sink, lease=4)) as server:
        org = Org(server, "kill" + os.urandom(3).hex())
        mid = queue(server, org, "survivor@x.example")
        deadline = time.time() + 10
        while not smtp_sink.held and time.time() < deadline:
            time.sleep(0.02)
        assert smtp_sink.held, "the worker never reached the SMTP server"
        # The worker is mid-transfer and the row is leased to it.
        assert rows(server, org)[mid][:2] == ("pending", 1)
        killed_at = time.time()
        os.kill(client_pid(smtp_sink.held[0][1]), signal.SIGKILL)
        smtp_sink.hold = False
        final = wait_rows(server, org, all_in("sent"))
        assert final[mid][:2] == ("sent", 2)
        # Nobody took it before the lease ran out.
        assert time.time() - killed_at >= 3
        got = smtp_sink.wait_for(1)
        time.sleep(0.3)
        assert len(smtp_sink.messages) == 1
        assert got[0][1] == ["survivor@x.example"]
        assert_log_clean(server, allowed=(KILLED,))


def test_stopping_gives_an_email_in_transfer_back(fresh_database,
                                                  smtp_sink):
    smtp_sink.hold = True
    with httpd_worker(fresh_database, worker_conf(smtp_sink, lease=60)) as server:
        org = Org(server, "stop" + os.urandom(3).hex())
        mid = queue(server, org, "later@x.example")
        deadline = time.time() + 10
        while not smtp_sink.held and time.time() < deadline:
            time.sleep(0.02)
        assert smtp_sink.held
        stopping = time.time()
    # httpd stopped at once, and the row is due again, its attempt
    # uncounted, instead of waiting for its 60 s lease.
    assert time.time() - stopping < 5
    assert rows(server, org)[mid][:2] == ("pending", 0)
    assert rows(server, org)[mid][4] is False


def test_an_address_that_opted_out_since_queueing_is_not_mailed(
        fresh_database, smtp_sink):
    with httpd_worker(fresh_database, worker_conf(smtp_sink)) as server:
        org = Org(server, "optout" + os.urandom(3).hex())
        for user, email, prefs in (
                ("u1", "Quiet@X.example", {"postUpdates": "unsubscribed"}),
                ("u2", "none@x.example", {"all": "unsubscribed"}),
                ("u3", "news@x.example", {"changelog": "unsubscribed"})):
            r = org.api.post("/contacts", json={"userId": user,
                                                "email": email})
            assert r.status_code == 201, r.text
            r = org.api.request(
                "PATCH", "/contacts/by-user-id/%s/email-preferences" % user,
                json={"preferences": prefs})
            assert r.status_code == 200, r.text
        # Rows queued before the opt-outs, as far as the worker can tell.
        m = {
            "quiet_updates": queue(server, org, "quiet@x.example",
                                   preference="postUpdates"),
            "quiet_comments": queue(server, org, "quiet@x.example",
                                    preference="postComments"),
            "quiet_admin": queue(server, org, "quiet@x.example"),
            "none_comments": queue(server, org, "none@x.example",
                                   preference="postComments"),
            "news_changelog": queue(server, org, "news@x.example",
                                    preference="changelog"),
            "news_updates": queue(server, org, "news@x.example",
                                  preference="postUpdates"),
            "stranger": queue(server, org, "stranger@x.example",
                              preference="postUpdates"),
        }
        final = wait_rows(server, org, all_in("sent", "skipped"))
        state = {k: final[v][:3] for k, v in m.items()}
        assert state == {
            "quiet_updates": ("skipped", 1, "the recipient has opted out "
                              "of postUpdates emails"),
            "quiet_comments": ("sent", 1, None),
            "quiet_admin": ("sent", 1, None),
            "none_comments": ("skipped", 1, "the recipient has opted out "
                              "of postComments emails"),
            "news_changelog": ("skipped", 1, "the recipient has opted out "
                               "of changelog emails"),
            "news_updates": ("sent", 1, None),
            "stranger": ("sent", 1, None),
        }
        smtp_sink.wait_for(4)
        time.sleep(0.3)
        assert sorted(r for _, (r,), _ in smtp_sink.messages) == [
            "news@x.example", "quiet@x.example", "quiet@x.example",
            "stranger@x.example"]
        assert_log_clean(server)


def log_count(server, number):
    with open(server.error_log, errors="replace") as f:
        return f.read().count(number)


def wait_log(server, number, count, seconds=15):
    deadline = time.time() + seconds
    while log_count(server, number) < count and time.time() < deadline:
        time.sleep(0.05)
    return log_count(server, number)


def test_graceful_restart_replaces_the_workers(fresh_database, smtp_sink):
    conf = worker_conf(smtp_sink, extra="LogLevel warn feedback:info\n")
    with httpd_worker(fresh_database, conf) as server:
        # One worker per child process (StartServers 2; the MPM may start
        # more children as it sees fit), logged.
        assert wait_log(server, "FB00201", 2) >= 2
        org = Org(server, "grace" + os.urandom(3).hex())
        first = queue(server, org, "before@x.example")
        assert wait_rows(server, org, all_in("sent"))[first][0] == "sent"
        old = log_count(server, "FB00201")
        assert log_count(server, "FB00211") == 0
        with open(os.path.join(server.run_dir, "run", "httpd.pid")) as f:
            os.kill(int(f.read()), signal.SIGUSR1)
        # Every old child's worker stops and new children start theirs.
        assert wait_log(server, "FB00211", old) >= old
        assert wait_log(server, "FB00201", old + 2) >= old + 2
        second = queue(server, org, "after@x.example")
        final = wait_rows(server, org, all_in("sent"))
        assert final[second][:2] == ("sent", 1)
        assert [r for _, (r,), _ in smtp_sink.wait_for(2)] == [
            "before@x.example", "after@x.example"]
        with open(server.error_log) as f:
            started = [l for l in f if "FB00201" in l]
        # FeedbackWorkerConcurrency's default: two threads per child.
        assert all("[feedback:info]" in l and "worker started: 2 thread(s)"
                   in l for l in started)
        assert_log_clean(server)


def test_an_unreachable_database_is_logged_once_and_waited_out(
        cluster, database_template, smtp_sink):
    # The server starts before its database exists.
    dbname = "fblate_" + os.urandom(4).hex()
    dsn = cluster.dsn(dbname)
    with httpd_worker(dsn, worker_conf(smtp_sink)) as server:
        assert wait_log(server, "FB00202", 2) >= 2
        time.sleep(3)
        # Once per child, however many polls failed; and the polls slowed
        # down (every failed connection makes mod_dbd log a line: at a
        # steady 50 ms there would be about 60 a worker thread in 3 s, and
        # a child has two by default).
        with open(server.error_log, errors="replace") as f:
            lines = f.read().splitlines()
        pids = [re.search(r"\[pid (\d+)", l).group(1) for l in lines
                if "FB00202" in l]
        assert len(pids) == len(set(pids))
        down = len(pids)
        failed_connections = sum(1 for l in lines if "AH00629" in l)
        assert failed_connections < 10 * 2 * down
        create_database(cluster, dbname, database_template)
        assert wait_log(server, "FB00203", down, seconds=40) == down
        org = Org(server, "late" + os.urandom(3).hex())
        mid = queue(server, org, "finally@x.example")
        assert wait_rows(server, org, all_in("sent"))[mid][:2] == ("sent", 1)
        assert [r for _, (r,), _ in smtp_sink.wait_for(1)] == [
            "finally@x.example"]
        # What the outage made the module and mod_dbd log, and nothing
        # else.
        with open(server.error_log, errors="replace") as f:
            bad = [l for l in f if BAD_LOG.search(l) and "FB00202" not in l
                   and "dbd:" not in l]
        assert bad == []
