"""Writes that touch a ticket and its linked conversation, racing each
other on a real httpd and PostgreSQL: every answer is a documented one
(never a 5xx, a deadlock above all) and the end state is whole, each
deleted object's event written once."""
import threading

from conftest import Client
from helpers import assert_error, done_or_missing
from test_conversations import started
from test_ticket_links import ticket, topics

ROUNDS = 20


class Racer:
    """Sends requests at once, each on a client (connection) of its
    own."""

    def __init__(self, server, org, n):
        self.clients = [Client(server, org.key) for _ in range(n)]
        self.barrier = threading.Barrier(n)

    def race(self, *calls):
        """calls: (method, path, body or None); their responses."""
        out = [None] * len(calls)

        def go(i):
            method, path, body = calls[i]
            self.barrier.wait()
            out[i] = self.clients[i].request(method, path, json=body)

        threads = [threading.Thread(target=go, args=(i,))
                   for i in range(len(calls))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return out


def delete_ticket(t):
    return ("DELETE", "/tickets/%d" % t["ticketNumber"], None)


def delete_conversation(c):
    return ("DELETE", "/conversations/" + c["id"], None)


def assert_ticket_deleted(r, t):
    assert r.status_code == 200, r.text
    assert r.json() == {"id": t["id"], "object": "ticket", "deleted": True}


def assert_conversation_delete(r, c):
    """200, or 404 when the ticket's delete took it first."""
    if done_or_missing(r, 200, "conversation_not_found"):
        assert r.json() == {"id": c["id"], "object": "conversation",
                            "deleted": True}


def assert_gone(server, org, t, c):
    """The ticket and its conversation are gone, each event once."""
    assert_error(org.api.get("/tickets/%d" % t["ticketNumber"]), 404,
                 "resource_not_found", param="id")
    assert_error(org.api.get("/conversations/" + c["id"]), 404,
                 "conversation_not_found", param="id")
    assert topics(server, org, t["id"]).count("ticket.deleted") == 1
    assert topics(server, org, c["id"]).count("conversation.deleted") == 1


def test_ticket_and_conversation_deletes(server, org):
    racer = Racer(server, org, 2)
    for _ in range(ROUNDS):
        c = started(org)
        t = ticket(org, linkedConversationId=c["id"])
        rt, rc = racer.race(delete_ticket(t), delete_conversation(c))
        assert_ticket_deleted(rt, t)
        assert_conversation_delete(rc, c)
        assert_gone(server, org, t, c)


def test_two_tickets_of_one_conversation(server, org):
    """Both customer tickets go; the conversation once, with the first."""
    racer = Racer(server, org, 2)
    for _ in range(ROUNDS):
        c = started(org)
        t1 = ticket(org, linkedConversationId=c["id"])
        t2 = ticket(org, linkedConversationId=c["id"])
        r1, r2 = racer.race(delete_ticket(t1), delete_ticket(t2))
        assert_ticket_deleted(r1, t1)
        assert_ticket_deleted(r2, t2)
        assert_gone(server, org, t1, c)
        assert_gone(server, org, t2, c)


def test_reply_patch_and_deletes(server, org):
    """A reply and a PATCH of the ticket among both deletes."""
    racer = Racer(server, org, 4)
    for _ in range(ROUNDS):
        c = started(org)
        t = ticket(org, linkedConversationId=c["id"])
        n = t["ticketNumber"]
        rr, rp, rt, rc = racer.race(
            ("POST", "/tickets/%d/reply" % n,
             {"type": "admin", "adminId": org.owner_id, "body": "<p>Hi</p>"}),
            ("PATCH", "/tickets/%d" % n, {"title": "Renamed"}),
            delete_ticket(t), delete_conversation(c))
        # Before the deletes, after the ticket's, after the
        # conversation's (the ticket left without one).
        if rr.status_code == 404:
            assert_error(rr, 404, "resource_not_found", param="id")
        elif rr.status_code == 400:
            assert_error(rr, 400, "invalid_request", param="id")
        else:
            assert rr.status_code == 200, rr.text
        if done_or_missing(rp, 200, "resource_not_found"):
            assert rp.json()["title"] == "Renamed"
        assert_ticket_deleted(rt, t)
        assert_conversation_delete(rc, c)
        assert_gone(server, org, t, c)


def test_reply_and_conversation_delete(server, org):
    """The ticket stays, unlinked; the reply is made or refused."""
    racer = Racer(server, org, 2)
    for _ in range(ROUNDS):
        c = started(org)
        t = ticket(org, linkedConversationId=c["id"])
        n = t["ticketNumber"]
        rr, rc = racer.race(
            ("POST", "/tickets/%d/reply" % n,
             {"type": "admin", "adminId": org.owner_id, "body": "<p>Hi</p>"}),
            delete_conversation(c))
        if rr.status_code == 400:
            assert_error(rr, 400, "invalid_request", param="id")
        else:
            assert rr.status_code == 200, rr.text
        assert rc.status_code == 200, rc.text
        got = org.api.get("/tickets/%d" % n).json()
        assert got["linkedConversations"] == []
        assert topics(server, org, c["id"]).count("conversation.deleted") \
            == 1


def test_create_and_conversation_delete(server, org):
    """A ticket linked to a conversation being deleted: made and then
    unlinked, or refused as for a missing conversation."""
    racer = Racer(server, org, 2)
    cat = org.api.get("/tickets/categories").json()
    cat = [x["id"] for x in cat if x["supportBoardType"] == "customer"][0]
    for _ in range(ROUNDS):
        c = started(org)
        rt, rc = racer.race(
            ("POST", "/tickets", {"ticketCategoryId": cat, "title": "Race",
                                  "author": {},
                                  "linkedConversationId": c["id"]}),
            delete_conversation(c))
        assert rc.status_code == 200, rc.text
        if not done_or_missing(rt, 201, "resource_not_found",
                               param="linkedConversationId"):
            continue
        got = org.api.get("/tickets/%d" % rt.json()["ticketNumber"]).json()
        assert got["linkedConversations"] == []
