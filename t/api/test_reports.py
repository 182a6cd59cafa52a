"""Reports (issue 31; the official client's reports resource): the
catalog, and queries checked against an independent computation in
Python over a generated history (counts, sums, medians, percentiles from
the same rows), DST transitions in two time zones, filters and groups,
comparison windows, tenancy, and bad input."""
import datetime
import random
import statistics
import subprocess
import threading
import time
from zoneinfo import ZoneInfo

import psycopg2
import pytest

from conftest import Client, Org, httpd
from helpers import assert_error
from test_conversations import started

UTC = datetime.timezone.utc
NY = "America/New_York"
BERLIN = "Europe/Berlin"
# UTC+12 in the southern winter: a UTC day splits 12/12 between two of
# its days (from 5 April 2026; UTC+13 before)
AUCKLAND = "Pacific/Auckland"
KOLKATA = "Asia/Kolkata"   # UTC+5:30: no UTC hour is one of its days

# The generated history: conversations from 2026-02-20 to 2026-04-10
# (both zones' spring change: 03-08 in New York, 03-29 in Berlin) and
# 2026-10-15 to 2026-11-10 (10-25 in Berlin, 11-01 in New York).
SPANS = [(datetime.datetime(2026, 2, 20, tzinfo=UTC), 49),
         (datetime.datetime(2026, 10, 15, tzinfo=UTC), 26)]
CHANNELS = ["desktop", "email"]
STATES = ["open", "closed", "snoozed"]


def define(org, **body):
    r = org.api.post("/conversation_attributes", json=body)
    assert r.status_code == 201, r.text
    return r.json()


class History:
    """Conversations with parts written through fb_conversation_part_add
    (the function every write adds parts with), and their facts kept
    here for the expected values."""

    def __init__(self, org, seed, n):
        with psycopg2.connect(org.server.dsn) as conn, \
                conn.cursor() as cur:
            self.make(org, seed, n, cur)

    def make(self, org, seed, n, cur):
        def sql(statement, *params):
            cur.execute(statement, params)
            return cur.fetchall() if cur.description else []
        s = type("S", (), {"sql": staticmethod(sql)})
        rnd = random.Random(seed)
        self.org = org
        self.admins = [org.owner_id] + [
            s.sql("INSERT INTO admins (org_id, name, email, role_id) "
                  "SELECT %s, %s, %s, role_id FROM admins "
                  "WHERE org_id = %s AND id = %s RETURNING id",
                  org.id, "Agent %d" % i, "agent%d-%s@example.com"
                  % (i, org.id), org.id, org.owner_id)[0][0]
            for i in range(2)]
        self.tags = {s.sql("INSERT INTO conversation_tags (org_id, name) "
                           "VALUES (%s, %s) RETURNING id", org.id, name)[0][0]:
                     name for name in ("billing", "login", "bug")}
        tag_ids = sorted(self.tags)
        self.plan = define(org, name="Plan %d" % seed, fieldSubType="select",
                           options=[{"label": "Free", "id": "free"},
                                    {"label": "Pro", "id": "pro"}])
        self.seats = define(org, name="Seats %d" % seed,
                            fieldSubType="number")
        base = s.sql("SELECT coalesce(max(id::bigint), 0) FROM conversations "
                     "WHERE org_id = %s", org.id)[0][0]
        self.convs = []
        self.closes = []
        self.replies = []
        for i in range(n):
            start, days = SPANS[i % 2]
            created = start + datetime.timedelta(
                seconds=rnd.randrange(days * 86400))
            c = {"id": str(base + i + 1), "created": created,
                 "channel": rnd.choice(CHANNELS),
                 "state": rnd.choice(STATES),
                 "priority": rnd.random() < 0.3,
                 "assignee": rnd.choice(self.admins + [None]),
                 "tags": [t for t in tag_ids if rnd.random() < 0.35],
                 "plan": rnd.choice(["free", "pro", None]),
                 "seats": rnd.choice([1, 5, 20, None]),
                 "first_reply": None}
            self.convs.append(c)
            attrs = {}
            if c["plan"]:
                attrs[self.plan["id"]] = c["plan"]
            if c["seats"] is not None:
                attrs[self.seats["id"]] = c["seats"]
            s.sql("INSERT INTO conversations (org_id, id, channel, "
                  "delivered_as, state, snoozed_until, priority, "
                  "admin_assignee_id, custom_attributes, created_at, "
                  "updated_at) VALUES (%s, %s, %s, 'customer_initiated', "
                  "%s, CASE WHEN %s = 'snoozed' THEN now() END, %s, %s, "
                  "%s::jsonb, %s, %s)",
                  org.id, c["id"], c["channel"], c["state"], c["state"],
                  c["priority"], c["assignee"],
                  __import__("json").dumps(attrs), created, created)
            for t in c["tags"]:
                s.sql("INSERT INTO conversation_tag_links (org_id, "
                      "conversation_id, tag_id, applied_by) VALUES "
                      "(%s, %s, %s, '{}')", org.id, c["id"], t)
            parts = [("user_msg", "contact", None, created)]
            at = created
            for _ in range(rnd.randrange(0, 4)):
                at = at + datetime.timedelta(seconds=rnd.randrange(30, 30000))
                kind = rnd.choice(["admin_msg", "admin_note", "email_msg",
                                   "user_msg"])
                who = rnd.choice(self.admins)
                if kind == "user_msg":
                    parts.append((kind, "contact", None, at))
                    continue
                parts.append((kind, "admin", who, at))
                if kind != "admin_note":
                    self.replies.append({"conv": c, "at": at, "admin": who,
                                         "kind": kind})
                    if c["first_reply"] is None:
                        c["first_reply"] = at
            for _ in range(rnd.randrange(0, 3)):
                at = at + datetime.timedelta(seconds=rnd.randrange(60, 90000))
                parts.append(("status", None, None, at))
                self.closes.append({"conv": c, "at": at})
            # out of order on purpose: the first reply is the earliest
            rnd.shuffle(parts)
            contact = None
            for kind, author_kind, author, when in parts:
                if author_kind == "contact":
                    if contact is None:
                        contact = s.sql(
                            "INSERT INTO contacts (org_id, name, email) "
                            "VALUES (%s, 'C', %s) RETURNING id", org.id,
                            "c%s-%s@example.com" % (c["id"], org.id))[0][0]
                    author = contact
                s.sql("SELECT fb_conversation_part_add(%s, %s, %s, %s, %s, "
                      "'<p>x</p>', 'x', NULL, %s::jsonb, %s)",
                      org.id, c["id"], kind, author_kind, author,
                      '{"status": "closed"}' if kind == "status" else "{}",
                      when)
        s.sql("INSERT INTO org_counters (org_id, kind, value) "
              "VALUES (%s, 'conversation', %s) ON CONFLICT (org_id, kind) "
              "DO UPDATE SET value = greatest(org_counters.value, "
              "excluded.value)", org.id, base + n + 1)


@pytest.fixture(scope="module")
def history(org):
    return History(org, 1, 260)


@pytest.fixture(scope="module")
def other_history(other_org):
    # Another organization's rows fall in the same windows: never counted.
    return History(other_org, 2, 120)


def query(org, **body):
    r = org.api.post("/reports/query", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["object"] == "report_query_result"
    return out


def percentile_cont(values, fraction):
    """PostgreSQL's percentile_cont: linear between the closest ranks."""
    v = sorted(values)
    pos = fraction * (len(v) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def aggregate(values, agg, pct=None):
    if agg == "count":
        return len(values)
    if not values:
        return 0
    return {"sum": lambda: sum(values),
            "avg": lambda: statistics.fmean(values),
            "min": lambda: min(values), "max": lambda: max(values),
            "median": lambda: percentile_cont(values, 0.5),
            "percentile": lambda: percentile_cont(values, pct / 100)}[agg]()


def bucket(t, tz, gran):
    """The start of t's bucket in tz, as the API writes it."""
    local = t.astimezone(ZoneInfo(tz))
    if gran == "hour":
        return local.replace(minute=0, second=0, microsecond=0).isoformat()
    day = local.date()
    if gran == "week":
        day = day - datetime.timedelta(days=day.weekday())
    elif gran == "month":
        day = day.replace(day=1)
    return datetime.datetime(day.year, day.month, day.day,
                             tzinfo=ZoneInfo(tz)).isoformat()


def window(start, end, tz):
    """The instants of startDate..endDate (dates, inclusive) in tz."""
    z = ZoneInfo(tz)
    a = datetime.datetime.fromisoformat(start).replace(tzinfo=z)
    b = (datetime.datetime.fromisoformat(end)
         + datetime.timedelta(days=1)).replace(tzinfo=z)
    return a, b


def ms(a, b):
    return (b - a).total_seconds() * 1000


def close_to(got, want):
    assert got == pytest.approx(want, abs=0.002), (got, want)


# ---- the catalog ----

def test_catalog(org, history):
    r = org.api.get("/reports/datasets")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["object"] == "list"
    sets = {d["id"]: d for d in body["data"]}
    assert set(sets) == {"conversations", "conversation_replies", "tickets",
                         "posts", "votes"}
    conv = sets["conversations"]
    metrics = {m["id"]: m for m in conv["metrics"]}
    assert set(metrics) == {"new_conversations", "time_to_first_reply",
                            "closed_conversations", "time_to_close"}
    ttfr = metrics["time_to_first_reply"]
    assert ttfr["unit"] == "duration_ms" and ttfr["type"] == "duration"
    assert "median" in ttfr["allowedAggregations"]
    assert "percentile" in ttfr["allowedAggregations"]
    assert metrics["new_conversations"]["allowedAggregations"] == ["count"]
    for m in metrics.values():
        assert m["supportedViews"] == ["standard", "hourly_heatmap"]
        assert m["supportsOfficeHours"] is False
        assert m["supportsPeriodComparison"] is True
    attrs = {a["id"]: a for a in conv["attributes"]}
    channel = attrs["conversation.channel"]
    assert channel["valueType"] == "enum"
    assert {o["value"] for o in channel["staticOptions"]} == {"desktop",
                                                            "email"}
    assert channel["supportsFilter"] and channel["supportsGroupBy"]
    tags = attrs["conversation.tags"]
    assert tags["multiValue"] is True
    assert "is_member_of" in tags["allowedOperators"]
    # The organization's custom attributes are attributes, by identifier.
    plan = attrs["conversation.custom." + history.plan["identifier"]]
    assert plan["valueType"] == "enum"
    assert plan["staticOptions"] == [{"label": "Free", "value": "free"},
                                     {"label": "Pro", "value": "pro"}]
    seats = attrs["conversation.custom." + history.seats["identifier"]]
    assert seats["valueType"] == "number"
    assert "gte" in seats["allowedOperators"]
    assert not seats["supportsGroupBy"]
    replies = {a["id"] for a in sets["conversation_replies"]["attributes"]}
    assert "reply.admin" in replies and "conversation.channel" in replies
    assert "conversation.custom." + history.plan["identifier"] in replies


def test_catalog_differs_per_organization(org, other_org, history):
    mine = org.api.get("/reports/datasets").json()
    theirs = other_org.api.get("/reports/datasets").json()
    ident = "conversation.custom." + history.plan["identifier"]

    def ids(body):
        return {a["id"] for d in body["data"] for a in d["attributes"]}
    assert ident in ids(mine)
    assert ident not in ids(theirs)


# ---- queries against the history ----

@pytest.mark.parametrize("tz", [NY, BERLIN])
@pytest.mark.parametrize("gran", ["day", "hour"])
def test_new_conversations_by_bucket_across_dst(org, history, other_history,
                                                tz, gran):
    start, end = "2026-03-06", "2026-03-10"
    if tz == BERLIN:
        start, end = "2026-03-27", "2026-03-31"
    a, b = window(start, end, tz)
    rows = [c for c in history.convs if a <= c["created"] < b]
    got = query(org, metric="new_conversations", aggregation="count",
                startDate=start, endDate=end, granularity=gran, timezone=tz)
    assert got["value"] == len(rows)
    want = {}
    for c in rows:
        k = bucket(c["created"], tz, gran)
        want[k] = want.get(k, 0) + 1
    series = {d["date"]: d["value"] for d in got["timeSeries"]}
    assert {k: v for k, v in series.items() if v} == want
    # every bucket is there, the short day of the change included
    if gran == "day":
        assert len(got["timeSeries"]) == 5
    else:
        assert len(got["timeSeries"]) == 5 * 24 - 1
    assert got["meta"] == {"aggregation": "count",
                           "datasetId": "conversations",
                           "granularity": gran,
                           "metric": "new_conversations",
                           "officeHoursOnly": False, "unit": "count"}


@pytest.mark.parametrize("tz", [NY, BERLIN])
def test_fall_back_has_a_long_day(org, history, tz):
    start, end = ("2026-10-31", "2026-11-02") if tz == NY \
        else ("2026-10-24", "2026-10-26")
    got = query(org, metric="new_conversations", aggregation="count",
                startDate=start, endDate=end, granularity="hour",
                timezone=tz)
    assert len(got["timeSeries"]) == 3 * 24 + 1
    a, b = window(start, end, tz)
    want = {}
    for c in history.convs:
        if a <= c["created"] < b:
            k = bucket(c["created"], tz, "hour")
            want[k] = want.get(k, 0) + 1
    assert {d["date"]: d["value"] for d in got["timeSeries"]
            if d["value"]} == want
    # the repeated hour is two buckets, told apart by their offsets
    dates = [d["date"] for d in got["timeSeries"]]
    assert len(set(dates)) == len(dates)


@pytest.mark.parametrize("agg,pct", [("avg", None), ("median", None),
                                     ("min", None), ("max", None),
                                     ("percentile", 90), ("count", None),
                                     ("percentile", 1)])
def test_time_to_first_reply(org, history, agg, pct):
    a, b = window("2026-02-20", "2026-04-10", "UTC")
    values = [ms(c["created"], c["first_reply"]) for c in history.convs
              if a <= c["created"] < b and c["first_reply"] is not None]
    assert len(values) > 20
    body = dict(metric="time_to_first_reply", aggregation=agg,
                startDate="2026-02-20", endDate="2026-04-10",
                granularity="week")
    if pct:
        body["percentile"] = pct
    got = query(org, **body)
    close_to(got["value"], aggregate(values, agg, pct))
    by_week = {}
    for c in history.convs:
        if a <= c["created"] < b and c["first_reply"] is not None:
            by_week.setdefault(bucket(c["created"], "UTC", "week"),
                               []).append(ms(c["created"], c["first_reply"]))
    for d in got["timeSeries"]:
        close_to(d["value"], aggregate(by_week.get(d["date"], []), agg, pct))


def test_closes_and_time_to_close(org, history):
    a, b = window("2026-10-01", "2026-11-30", BERLIN)
    closes = [x for x in history.closes if a <= x["at"] < b]
    got = query(org, metric="closed_conversations", aggregation="count",
                startDate="2026-10-01", endDate="2026-11-30",
                granularity="month", timezone=BERLIN)
    assert got["value"] == len(closes) > 0
    got = query(org, metric="time_to_close", aggregation="median",
                startDate="2026-10-01", endDate="2026-11-30",
                granularity="month", timezone=BERLIN)
    close_to(got["value"], percentile_cont(
        [ms(x["conv"]["created"], x["at"]) for x in closes], 0.5))


def test_replies_per_admin(org, history):
    a, b = window("2026-02-01", "2026-04-30", "UTC")
    got = query(org, metric="replies_sent", aggregation="count",
                startDate="2026-02-01", endDate="2026-04-30",
                granularity="month", groupBy="reply.admin")
    want = {}
    for x in history.replies:
        if a <= x["at"] < b:
            want[x["admin"]] = want.get(x["admin"], 0) + 1
    assert {g["group"]: g["value"] for g in got["groupedData"]} == want
    assert got["value"] == sum(want.values())
    # the largest first, with the teammates' names
    values = [g["value"] for g in got["groupedData"]]
    assert values == sorted(values, reverse=True)
    labels = {g["group"]: g["groupLabel"] for g in got["groupedData"]}
    assert labels[history.admins[1]] == "Agent 0"
    assert got["meta"]["groupBy"] == "reply.admin"


def matching(history, a, b, pred):
    return [c for c in history.convs if a <= c["created"] < b and pred(c)]


FILTERS = [
    ({"kind": "rule", "fieldId": "conversation.channel", "operator": "is",
      "value": "email"}, lambda h: lambda c: c["channel"] == "email"),
    ({"kind": "rule", "fieldId": "conversation.state", "operator": "not_in",
      "value": ["open", "snoozed"]},
     lambda h: lambda c: c["state"] == "closed"),
    ({"kind": "rule", "fieldId": "conversation.priority", "operator": "is",
      "value": True}, lambda h: lambda c: c["priority"]),
    ({"kind": "rule", "fieldId": "conversation.assignee",
      "operator": "not_exists"},
     lambda h: lambda c: c["assignee"] is None),
    ({"kind": "group", "op": "or", "children": [
        {"kind": "rule", "fieldId": "conversation.channel",
         "operator": "is", "value": "desktop"},
        {"kind": "group", "op": "and", "children": [
            {"kind": "rule", "fieldId": "conversation.priority",
             "operator": "is", "value": True},
            {"kind": "rule", "fieldId": "conversation.state",
             "operator": "is_not", "value": "open"}]}]},
     lambda h: lambda c: c["channel"] == "desktop"
     or (c["priority"] and c["state"] != "open")),
]


@pytest.mark.parametrize("i", range(len(FILTERS)))
def test_filters(org, history, i):
    rule, pred = FILTERS[i]
    a, b = window("2026-02-20", "2026-04-10", NY)
    want = matching(history, a, b, pred(history))
    got = query(org, metric="new_conversations", aggregation="count",
                startDate="2026-02-20", endDate="2026-04-10",
                granularity="week", timezone=NY, filters=rule)
    assert got["value"] == len(want)


def test_filters_on_tags_and_custom_attributes(org, history):
    tag = sorted(history.tags)[0]
    other = sorted(history.tags)[1]
    plan = "conversation.custom." + history.plan["identifier"]
    seats = "conversation.custom." + history.seats["identifier"]
    a, b = window("2026-01-01", "2026-12-31", "UTC")
    cases = [
        ({"kind": "rule", "fieldId": "conversation.tags",
          "operator": "is_member_of", "value": [tag, other]},
         lambda c: tag in c["tags"] or other in c["tags"]),
        ({"kind": "rule", "fieldId": "conversation.tags",
          "operator": "is_not_member_of", "value": [tag]},
         lambda c: tag not in c["tags"]),
        ({"kind": "rule", "fieldId": "conversation.tags",
          "operator": "exists"}, lambda c: bool(c["tags"])),
        ({"kind": "rule", "fieldId": plan, "operator": "is",
          "value": "pro"}, lambda c: c["plan"] == "pro"),
        ({"kind": "rule", "fieldId": plan, "operator": "not_exists"},
         lambda c: c["plan"] is None),
        ({"kind": "rule", "fieldId": seats, "operator": "gte",
          "value": 5}, lambda c: c["seats"] is not None and c["seats"] >= 5),
        ({"kind": "rule", "fieldId": seats, "operator": "between",
          "value": [2, 10]},
         lambda c: c["seats"] is not None and 2 <= c["seats"] <= 10),
        ({"kind": "group", "op": "and", "children": [
            {"kind": "rule", "fieldId": "conversation.tags",
             "operator": "in", "value": [tag]},
            {"kind": "rule", "fieldId": seats, "operator": "lte",
             "value": 5}]},
         lambda c: tag in c["tags"] and c["seats"] is not None
         and c["seats"] <= 5),
    ]
    for rule, pred in cases:
        got = query(org, metric="new_conversations", aggregation="count",
                    startDate="2026-01-01", endDate="2026-12-31",
                    granularity="month", filters=rule)
        assert got["value"] == len(matching(history, a, b, pred)), rule


def test_group_and_segment(org, history):
    a, b = window("2026-02-20", "2026-04-10", BERLIN)
    rows = [c for c in history.convs if a <= c["created"] < b]
    got = query(org, metric="new_conversations", aggregation="count",
                startDate="2026-02-20", endDate="2026-04-10",
                granularity="week", timezone=BERLIN,
                groupBy="conversation.tags", segmentBy="conversation.channel")
    # a conversation counts under each of its tags; the whole once
    assert got["value"] == len(rows)
    want = {}
    for c in rows:
        for t in c["tags"] or [""]:
            want[t] = want.get(t, 0) + 1
    assert {g["group"]: g["value"] for g in got["groupedData"]} == want
    labels = {g["group"]: g["groupLabel"] for g in got["groupedData"]}
    for t, name in history.tags.items():
        if t in want:
            assert labels[t] == name
    for g in got["groupedData"]:
        seg = {s["segment"]: s["value"] for s in g["segments"]}
        assert seg == {ch: n for ch in CHANNELS
                       if (n := sum(1 for c in rows
                                    if (g["group"] in c["tags"]
                                        or (g["group"] == ""
                                            and not c["tags"]))
                                    and c["channel"] == ch))}
    seg = {s["segment"]: s["value"] for s in got["segmentData"]}
    assert seg == {ch: sum(1 for c in rows if c["channel"] == ch)
                   for ch in CHANNELS}
    labels = {s["segment"]: s["segmentLabel"] for s in got["segmentData"]}
    assert labels == {"desktop": "Chat", "email": "Email"}
    # the buckets' segments add up to the buckets
    for d in got["timeSeries"]:
        assert sum(s["value"] for s in d["segments"]) == d["value"]


def test_group_by_a_median(org, history):
    a, b = window("2026-02-20", "2026-04-10", "UTC")
    got = query(org, metric="time_to_first_reply", aggregation="median",
                startDate="2026-02-20", endDate="2026-04-10",
                granularity="month", groupBy="conversation.channel")
    for g in got["groupedData"]:
        close_to(g["value"], percentile_cont(
            [ms(c["created"], c["first_reply"]) for c in history.convs
             if a <= c["created"] < b and c["first_reply"]
             and c["channel"] == g["group"]], 0.5))


def test_comparison(org, history):
    got = query(org, metric="new_conversations", aggregation="count",
                startDate="2026-10-15", endDate="2026-11-09",
                compareStartDate="2026-02-20", compareEndDate="2026-03-17",
                granularity="week", groupBy="conversation.channel")
    now = len(matching(history, *window("2026-10-15", "2026-11-09", "UTC"),
                       lambda c: True))
    before = len(matching(history, *window("2026-02-20", "2026-03-17",
                                           "UTC"), lambda c: True))
    assert got["value"] == now and got["previousValue"] == before
    assert got["deltaPercent"] == pytest.approx(
        (now - before) / before * 100, abs=0.01)
    for g in got["groupedData"]:
        assert g["previousValue"] == len(matching(
            history, *window("2026-02-20", "2026-03-17", "UTC"),
            lambda c: c["channel"] == g["group"]))
    # bucket by bucket, in order
    a, _ = window("2026-02-20", "2026-03-17", "UTC")
    first = [c for c in history.convs
             if bucket(c["created"], "UTC", "week")
             == bucket(a, "UTC", "week")]
    assert got["timeSeries"][0]["previousValue"] == len(first)


def test_hourly_heatmap(org, history):
    a, b = window("2026-02-20", "2026-04-10", NY)
    got = query(org, metric="new_conversations", aggregation="count",
                startDate="2026-02-20", endDate="2026-04-10",
                granularity="day", timezone=NY, view="hourly_heatmap")
    assert len(got["groupedData"]) == 168 and "timeSeries" not in got
    want = {}
    for c in history.convs:
        if a <= c["created"] < b:
            local = c["created"].astimezone(ZoneInfo(NY))
            k = "%d:%02d" % (local.isoweekday(), local.hour)
            want[k] = want.get(k, 0) + 1
    assert {g["group"]: g["value"] for g in got["groupedData"]
            if g["value"]} == want
    assert got["groupedData"][0]["groupLabel"] == "Monday 00:00"


def test_tenancy(org, other_org, history, other_history):
    mine = query(org, metric="new_conversations", aggregation="count",
                 startDate="2026-01-01", endDate="2026-11-15",
                 granularity="month")
    theirs = query(other_org, metric="new_conversations",
                   aggregation="count", startDate="2026-01-01",
                   endDate="2026-11-15", granularity="month")
    assert mine["value"] == len(history.convs)
    assert theirs["value"] == len(other_history.convs)
    # another organization's tag is a value that matches nothing here
    tag = sorted(other_history.tags)[0]
    got = query(org, metric="new_conversations", aggregation="count",
                startDate="2026-01-01", endDate="2026-11-15",
                granularity="month", filters={
                    "kind": "rule", "fieldId": "conversation.tags",
                    "operator": "in", "value": [tag]})
    assert got["value"] == 0


def test_the_api_write_path_keeps_first_replies(org):
    """A conversation and its reply made through the API count the same
    day (the rollup the writes keep)."""
    cid = started(org)["id"]
    r = org.api.post("/conversations/%s/reply" % cid, json={
        "type": "admin", "id": org.owner_id, "bodyMarkdown": "Hi",
        "messageType": "reply"})
    assert r.status_code == 201, r.text
    today = datetime.datetime.now(UTC).date().isoformat()
    got = query(org, metric="time_to_first_reply", aggregation="count",
                startDate=today, endDate=today, granularity="day")
    assert got["value"] == 1
    got = query(org, metric="time_to_first_reply", aggregation="max",
                startDate=today, endDate=today, granularity="day")
    assert 0 <= got["value"] < 60000


def test_over_the_time_budget(org, history, database):
    """A report that runs past FeedbackExpensiveTimeout is cancelled and
    refused as query_too_expensive, and its budget leaves the connection
    with it: a plain read after it waits for a lock longer than that."""
    with httpd(database, "FeedbackExpensiveTimeout 300ms\n") as node:
        api = Client(node, org.key)
        body = dict(metric="new_conversations", aggregation="count",
                    startDate="2026-01-01", endDate="2026-11-15",
                    granularity="month")
        assert api.post("/reports/query", json=body).json()["value"] \
            == len(history.convs)
        lock = psycopg2.connect(database)
        try:
            with lock.cursor() as cur:
                # new conversations are read from their rollup (sql/041)
                cur.execute("LOCK TABLE conversations, "
                            "report_conversation_hours IN ACCESS EXCLUSIVE "
                            "MODE")
            started = time.time()
            r = api.post("/reports/query", json=body)
            assert_error(r, 400, "query_too_expensive")
            assert time.time() - started < 3
            lock.rollback()
            assert api.post("/reports/query", json=body).status_code == 200
            cur = lock.cursor()
            cur.execute("LOCK TABLE conversations IN ACCESS EXCLUSIVE MODE")
            done = {}
            t = threading.Thread(target=lambda: done.setdefault(
                "r", api.get("/conversations")))
            t.start()
            time.sleep(0.8)
            lock.rollback()
            t.join(10)
            assert done["r"].status_code == 200
        finally:
            lock.close()


# ---- bad input ----

BASE = dict(metric="new_conversations", aggregation="count",
            startDate="2026-03-01", endDate="2026-03-31", granularity="day")


@pytest.mark.parametrize("change,status,code,param", [
    ({"metric": "csat"}, 400, "invalid_parameter", "metric"),
    ({"aggregation": "median"}, 400, "invalid_parameter", "aggregation"),
    ({"aggregation": "bogus"}, 400, "invalid_parameter", "aggregation"),
    ({"percentile": 50}, 400, "invalid_parameter", "percentile"),
    ({"metric": "time_to_close", "aggregation": "percentile"}, 400,
     "missing_parameter", "percentile"),
    ({"metric": "time_to_close", "aggregation": "percentile",
      "percentile": 101}, 400, "invalid_parameter", "percentile"),
    ({"view": "sankey"}, 400, "parameter_not_supported", "view"),
    ({"officeHoursOnly": True}, 400, "parameter_not_supported",
     "officeHoursOnly"),
    ({"timezone": "Mars/Olympus"}, 400, "invalid_parameter", "timezone"),
    ({"timezone": "../../etc/passwd"}, 400, "invalid_parameter",
     "timezone"),
    ({"startDate": "yesterday"}, 400, "invalid_parameter", "startDate"),
    ({"endDate": "2026-02-01"}, 400, "invalid_parameter", "endDate"),
    ({"endDate": "2029-01-01"}, 400, "query_too_expensive", "endDate"),
    ({"granularity": "hour", "endDate": "2026-06-30"}, 400,
     "query_too_expensive", "granularity"),
    ({"granularity": "year"}, 400, "invalid_parameter", "granularity"),
    ({"compareStartDate": "2026-02-01"}, 400, "missing_parameter",
     "compareEndDate"),
    ({"groupBy": "conversation.nothing"}, 400, "invalid_parameter",
     "groupBy"),
    ({"segmentBy": "post.board"}, 400, "invalid_parameter", "segmentBy"),
    ({"view": "hourly_heatmap", "groupBy": "conversation.channel"}, 400,
     "invalid_parameter", "groupBy"),
    ({"filters": {"kind": "rule", "fieldId": "conversation.channel",
                  "operator": "gte", "value": "email"}}, 400,
     "invalid_parameter", "filters.operator"),
    ({"filters": {"kind": "rule", "fieldId": "conversation.channel",
                  "operator": "is", "value": "fax"}}, 400,
     "invalid_parameter", "filters.value"),
    ({"filters": {"kind": "rule", "fieldId": "conversation.channel",
                  "operator": "in", "value": []}}, 400,
     "invalid_parameter", "filters.value"),
    ({"filters": {"kind": "rule", "fieldId": "conversation.tags",
                  "operator": "in", "value": ["nope"]}}, 400,
     "invalid_parameter", "filters.value[0]"),
    ({"filters": {"kind": "group", "op": "and", "children": [
        {"kind": "rule", "fieldId": "ticket.status", "operator": "exists"}
    ]}}, 400, "invalid_parameter", "filters.children[0].fieldId"),
    ({"filters": {"kind": "group", "op": "xor", "children": []}}, 400,
     "invalid_parameter", "filters.op"),
    ({"filters": {"kind": "group", "op": "and", "children": [
        {"kind": "rule", "fieldId": "conversation.channel",
         "operator": "exists", "value": "x"}]}}, 400, "invalid_parameter",
     "filters.children[0].value"),
    ({"filters": {"kind": "rule", "fieldId": "conversation.channel",
                  "operator": "is", "value": "email", "extra": 1}}, 400,
     "invalid_parameter", "filters.extra"),
    ({"filters": {"kind": "maybe"}}, 400, "invalid_parameter",
     "filters.kind"),
])
def test_bad_input(org, change, status, code, param):
    body = dict(BASE, **change)
    r = org.api.post("/reports/query", json=body)
    assert_error(r, status, code, param=param)


def nested(depth):
    node = {"kind": "rule", "fieldId": "conversation.channel",
            "operator": "is", "value": "email"}
    for _ in range(depth):
        node = {"kind": "group", "op": "and", "children": [node]}
    return node


def test_filter_limits(org, history):
    # six levels of groups are taken, a seventh is not
    got = query(org, **dict(BASE, filters=nested(6)))
    plain = query(org, **dict(BASE, filters=nested(0)))
    assert got["value"] == plain["value"]
    at = "filters" + ".children[0]" * 6
    assert_error(org.api.post("/reports/query",
                              json=dict(BASE, filters=nested(7))),
                 400, "invalid_parameter", param=at)
    rule = {"kind": "rule", "fieldId": "conversation.channel",
            "operator": "is", "value": "email"}
    many = {"kind": "group", "op": "or", "children": [rule] * 100}
    assert query(org, **dict(BASE, filters=many))["value"] \
        == plain["value"]
    many["children"] = [rule] * 50 + [
        {"kind": "group", "op": "or", "children": [rule] * 51}]
    assert_error(org.api.post("/reports/query",
                              json=dict(BASE, filters=many)),
                 400, "invalid_parameter",
                 param="filters.children[50].children[50]")


# ---- filter values ----

def values(org, **body):
    r = org.api.post("/reports/filter-values", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["object"] == "list"
    return out["data"]


def test_filter_values_of_objects(org, other_org, history, other_history):
    got = values(org, fieldId="conversation.tags")
    assert {(o["value"], o["label"]) for o in got} \
        == set(history.tags.items())
    assert [o["label"] for o in got] == sorted(o["label"] for o in got)
    got = values(org, fieldId="conversation.tags", query="LOG")
    assert [o["label"] for o in got] == ["login"]
    # the selected first, with their labels, then the search's
    bug = [t for t, n in history.tags.items() if n == "bug"][0]
    got = values(org, fieldId="conversation.tags", query="bill",
                 selectedValues=[bug])
    assert [o["label"] for o in got] == ["bug", "billing"]
    got = values(org, fieldId="conversation.tags", limit=1)
    assert len(got) == 1
    # teammates, by name; another organization's never
    got = values(org, fieldId="reply.admin", query="agent")
    assert {o["value"] for o in got} == set(history.admins[1:])
    theirs = values(other_org, fieldId="conversation.tags",
                    selectedValues=sorted(history.tags))
    assert {o["value"] for o in theirs} == set(other_history.tags)


def test_filter_values_of_static_options(org, history):
    got = values(org, fieldId="conversation.channel")
    assert got == [{"label": "Chat", "value": "desktop"},
                   {"label": "Email", "value": "email"}]
    assert values(org, fieldId="conversation.channel", query="mai") \
        == [{"label": "Email", "value": "email"}]
    plan = "conversation.custom." + history.plan["identifier"]
    assert values(org, fieldId=plan, query="pro") \
        == [{"label": "Pro", "value": "pro"}]
    assert values(org, fieldId=plan, selectedValues=["pro"], limit=1) \
        == [{"label": "Pro", "value": "pro"},
            {"label": "Free", "value": "free"}]


@pytest.mark.parametrize("body,code,param", [
    ({}, "missing_parameter", "fieldId"),
    ({"fieldId": "conversation.nothing"}, "invalid_parameter", "fieldId"),
    ({"fieldId": "conversation.language"}, "invalid_parameter", "fieldId"),
    ({"fieldId": "conversation.tags", "limit": 51}, "invalid_parameter",
     "limit"),
    ({"fieldId": "conversation.tags", "selectedValues": "x"},
     "invalid_parameter", "selectedValues"),
])
def test_filter_values_bad_input(org, body, code, param):
    assert_error(org.api.post("/reports/filter-values", json=body), 400,
                 code, param=param)


# ---- drill-in ----

def drill(org, **body):
    r = org.api.post("/reports/drill-in", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["object"] == "report_drill_in_result"
    return out


def iso(t):
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") \
        + "%03dZ" % (t.microsecond // 1000)


def test_drill_in_pages_every_row_once(org, history):
    a, b = window("2026-02-20", "2026-04-10", NY)
    rule = {"kind": "rule", "fieldId": "conversation.channel",
            "operator": "is", "value": "email"}
    want = matching(history, a, b, lambda c: c["channel"] == "email")
    seen = []
    page = 1
    while True:
        got = drill(org, metric="new_conversations", startDate="2026-02-20",
                    endDate="2026-04-10", granularity="day", timezone=NY,
                    filters=rule, page=page, pageSize=7)
        assert got["total"] == len(want)
        assert got["page"] == page and got["pageSize"] == 7
        if not got["rows"]:
            break
        seen.extend(got["rows"])
        page += 1
    assert [r["conversation.id"] for r in seen] == [
        c["id"] for c in sorted(want, key=lambda c: c["created"],
                                reverse=True)]
    row = seen[0]
    c = max(want, key=lambda c: c["created"])
    assert row["metric.time"] == iso(c["created"])
    assert row["conversation.channel"] == "email"
    assert row["conversation.state"] == c["state"]
    assert row["conversation.priority"] is c["priority"]
    assert row["conversation.tags"] == sorted(
        history.tags[t] for t in c["tags"])
    if c["assignee"]:
        assert row["conversation.assignee"]["id"] == c["assignee"]
        assert row["conversation.assignee"]["kind"] == "identity"
    else:
        assert row["conversation.assignee"] is None
    assert "reply.admin" not in row
    assert "conversation.id" in got["defaultColumnIds"]
    assert {c["id"] for c in got["availableColumns"]} >= {
        "conversation.id", "metric.value", "metric.time"}
    assert got["meta"] == {"datasetId": "conversations",
                           "metricId": "new_conversations"}
    assert got["timezone"] == NY


def test_drill_in_a_data_point(org, history):
    body = dict(metric="time_to_first_reply", startDate="2026-02-20",
                endDate="2026-04-10", granularity="week", timezone=BERLIN,
                groupBy="conversation.tags")
    q = query(org, aggregation="max", **body)
    point = next(d for d in q["timeSeries"] if d["value"])
    group = q["groupedData"][0]
    a, b = window("2026-02-20", "2026-04-10", BERLIN)
    rows = [c for c in history.convs if a <= c["created"] < b
            and c["first_reply"]]
    in_bucket = [c for c in rows
                 if bucket(c["created"], BERLIN, "week") == point["date"]]
    got = drill(org, dataPointFilters={"timeBucket": point["date"]},
                pageSize=200, sort=[{"fieldId": "metric.value",
                                     "direction": "desc"}], **body)
    assert got["total"] == len(in_bucket)
    values = [r["metric.value"] for r in got["rows"]]
    assert values == sorted(values, reverse=True)
    close_to(values[0], point["value"])
    in_group = [c for c in rows if group["group"] in c["tags"]
                or (group["group"] == "" and not c["tags"])]
    got = drill(org, dataPointFilters={"groupValue": group["group"]},
                pageSize=200, **body)
    assert {r["conversation.id"] for r in got["rows"]} == {
        c["id"] for c in in_group}
    # a heatmap cell
    cell = drill(org, metric="new_conversations", startDate="2026-02-20",
                 endDate="2026-04-10", granularity="day", timezone=NY,
                 view="hourly_heatmap", pageSize=200,
                 dataPointFilters={"dayOfWeek": 3, "hourOfDay": 14})
    assert cell["total"] == sum(
        1 for c in history.convs
        if a <= c["created"] < b
        and c["created"].astimezone(ZoneInfo(NY)).isoweekday() == 3
        and c["created"].astimezone(ZoneInfo(NY)).hour == 14)


def test_drill_in_replies_name_their_authors(org, history):
    got = drill(org, metric="replies_sent", startDate="2026-02-01",
                endDate="2026-04-30", granularity="month",
                dataPointFilters={"groupValue": history.admins[1]},
                groupBy="reply.admin", pageSize=200)
    a, b = window("2026-02-01", "2026-04-30", "UTC")
    assert got["total"] == sum(1 for x in history.replies
                               if a <= x["at"] < b
                               and x["admin"] == history.admins[1])
    assert all(r["reply.admin"] == {"id": history.admins[1],
                                    "kind": "identity", "label": "Agent 0"}
               for r in got["rows"])


def test_drill_in_tenancy_and_past_the_end(org, other_org, history,
                                           other_history):
    got = drill(other_org, metric="new_conversations",
                startDate="2026-01-01", endDate="2026-11-15",
                granularity="month", pageSize=200, page=1)
    assert got["total"] == len(other_history.convs)
    theirs = {c["id"] for c in other_history.convs}
    assert {r["conversation.id"] for r in got["rows"]} <= theirs
    got = drill(org, metric="new_conversations", startDate="2026-01-01",
                endDate="2026-11-15", granularity="month", page=1000)
    assert got["rows"] == [] and got["total"] == len(history.convs)


def test_drill_in_tickets_and_posts(org):
    """Tickets and posts made through the API today are their rows."""
    cats = org.api.get("/tickets/categories").json()
    made = []
    for i in range(3):
        r = org.api.post("/tickets", json={
            "ticketCategoryId": cats[0]["id"], "title": "Report %d" % i,
            "author": {"email": "t%d@reports.example" % i, "name": "T"}})
        assert r.status_code == 201, r.text
        made.append(r.json())
    today = datetime.datetime.now(UTC).date().isoformat()
    got = drill(org, metric="new_tickets", startDate=today, endDate=today,
                granularity="day", pageSize=200)
    assert got["total"] == 3 and got["meta"]["datasetId"] == "tickets"
    assert {r["ticket.title"] for r in got["rows"]} == {
        "Report 0", "Report 1", "Report 2"}
    row = got["rows"][0]
    assert row["ticket.category"]["id"] == cats[0]["id"]
    assert row["ticket.category"]["label"] == cats[0]["name"]
    assert row["ticket.open"] is True
    q = query(org, metric="new_tickets", aggregation="count",
              startDate=today, endDate=today, granularity="day",
              groupBy="ticket.category")
    assert q["value"] == 3
    assert q["groupedData"] == [{"group": cats[0]["id"], "value": 3,
                                 "groupLabel": cats[0]["name"]}]
    r = org.api.post("/boards", json={"name": "Reports board"})
    assert r.status_code in (200, 201), r.text
    board = r.json()["id"]
    for i in range(2):
        r = org.api.post("/posts", json={"title": "Idea %d" % i,
                                         "boardId": board})
        assert r.status_code in (200, 201), r.text
    got = drill(org, metric="new_posts", startDate=today, endDate=today,
                granularity="day", sort=[{"fieldId": "metric.time",
                                          "direction": "asc"}])
    assert [r["post.title"] for r in got["rows"]] == ["Idea 0", "Idea 1"]
    assert got["rows"][0]["post.board"] == {
        "id": board, "kind": "identity", "label": "Reports board"}
    assert "vote.voter" not in got["rows"][0]


@pytest.mark.parametrize("change,code,param", [
    ({"metric": "csat"}, "invalid_parameter", "metric"),
    ({"selectedMetricId": "new_posts"}, "invalid_parameter",
     "selectedMetricId"),
    ({"sort": [{"fieldId": "conversation.state", "direction": "asc"}]},
     "parameter_not_supported", "sort[0].fieldId"),
    ({"sort": [{"fieldId": "metric.time", "direction": "up"}]},
     "invalid_parameter", "sort[0].direction"),
    ({"pageSize": 201}, "invalid_parameter", "pageSize"),
    ({"page": 0}, "invalid_parameter", "page"),
    ({"dataPointFilters": {"groupValue": "x"}}, "invalid_parameter",
     "dataPointFilters.groupValue"),
    ({"dataPointFilters": {"dayOfWeek": 8, "hourOfDay": 1}},
     "invalid_parameter", "dataPointFilters.dayOfWeek"),
    ({"dataPointFilters": {"dayOfWeek": 1}}, "missing_parameter",
     "dataPointFilters.hourOfDay"),
    ({"dataPointFilters": {"flowPathId": "a"}}, "parameter_not_supported",
     "dataPointFilters.flowPathId"),
    ({"dataPointFilters": {"timeBucket": "monday"}}, "invalid_parameter",
     "dataPointFilters.timeBucket"),
    ({"filters": {"kind": "rule", "fieldId": "conversation.channel",
                  "operator": "is", "value": "fax"}}, "invalid_parameter",
     "filters.value"),
])
def test_drill_in_bad_input(org, change, code, param):
    body = dict(dict(metric="new_conversations", startDate="2026-03-01",
                     endDate="2026-03-31", granularity="day"), **change)
    assert_error(org.api.post("/reports/drill-in", json=body), 400, code,
                 param=param)


# ---- the rollup (sql/041) ----

def rollup_rows(org):
    with psycopg2.connect(org.server.dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT count(*), count(*) FILTER (WHERE delta), "
                    "coalesce(sum(n), 0) FROM report_conversation_hours "
                    "WHERE org_id = %s", (org.id,))
        return cur.fetchone()


def fold(org):
    """The worker's sweep, every hour included (the test cannot wait for
    the hour to close)."""
    with psycopg2.connect(org.server.dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT fb_report_fold(1000000, now() + interval "
                    "'1 hour'), fb_report_fold_first_reply(1000000, now() "
                    "+ interval '1 hour')")
        return cur.fetchone()[0]


def test_rollup_follows_every_change_and_folds(org):
    """New conversations come from the rollup: a conversation made, its
    state and assignee changed through the API, and one deleted, count
    where they are now, before and after the worker folds the rows."""
    ids = [started(org)["id"] for _ in range(3)]
    today = datetime.datetime.now(UTC).date().isoformat()

    def by(attr):
        got = query(org, metric="new_conversations", aggregation="count",
                    startDate=today, endDate=today, granularity="hour",
                    groupBy=attr)
        return got["value"], {g["group"]: g["value"]
                              for g in got["groupedData"]}

    total, before = by("conversation.state")
    assert total >= 3 and before.get("open", 0) >= 3
    r = org.api.request("PATCH", "/conversations/" + ids[0],
                        json={"state": "closed"})
    assert r.status_code == 200, r.text
    total2, after = by("conversation.state")
    assert total2 == total
    assert after.get("open", 0) == before.get("open", 0) - 1
    assert after.get("closed", 0) == before.get("closed", 0) + 1
    org.server.sql("UPDATE conversations SET admin_assignee_id = %s "
                   "WHERE org_id = %s AND id = %s", org.owner_id, org.id,
                   ids[1])
    _, who = by("conversation.assignee")
    assert who.get(org.owner_id, 0) >= 1
    org.server.sql("DELETE FROM conversations WHERE org_id = %s AND id = %s",
                   org.id, ids[2])
    total3, _ = by("conversation.state")
    assert total3 == total - 1
    rows, deltas, n = rollup_rows(org)
    assert deltas > 0
    answers = [by(a) for a in ("conversation.state",
                               "conversation.assignee")]
    assert fold(org) >= deltas
    rows2, deltas2, n2 = rollup_rows(org)
    assert deltas2 == 0 and n2 == n and rows2 < rows
    assert [by(a) for a in ("conversation.state",
                            "conversation.assignee")] == answers


@pytest.mark.parametrize("tz", ["Asia/Kolkata", NY])
def test_rollup_and_rows_agree(org, history, tz):
    """A zone whose offset is not whole hours is answered from the rows
    (the rollup's hours cannot be cut at its midnights); both ways give
    the independent count, with a filter and a group of attributes the
    rollup keeps."""
    a, b = window("2026-03-01", "2026-03-31", tz)
    rows = [c for c in history.convs if a <= c["created"] < b
            and c["channel"] == "email"]
    got = query(org, metric="new_conversations", aggregation="count",
                startDate="2026-03-01", endDate="2026-03-31",
                granularity="day", timezone=tz,
                groupBy="conversation.assignee",
                filters={"kind": "rule", "fieldId": "conversation.channel",
                         "operator": "is", "value": "email"})
    assert got["value"] == len(rows)
    want = {}
    for c in rows:
        k = bucket(c["created"], tz, "day")
        want[k] = want.get(k, 0) + 1
    assert {d["date"]: d["value"] for d in got["timeSeries"]
            if d["value"]} == want
    groups = {}
    for c in rows:
        groups[c["assignee"] or ""] = groups.get(c["assignee"] or "", 0) + 1
    assert {g["group"]: g["value"] for g in got["groupedData"]} == groups


def test_sketch_of_a_large_window(server):
    """A window of 10,000 first replies or more is answered from the
    sketch rollup: count and average exact, the minimum, maximum, median
    and percentiles within 1 % of the exact values (computed here from
    the same rows); a smaller window is exact (the tests above)."""
    org = Org(server, "sketch" + __import__("secrets").token_hex(3))
    n = 12000
    rows = org.server.sql(
        "INSERT INTO conversations (org_id, id, channel, delivered_as, "
        "  state, created_at, updated_at, first_reply_at) "
        "SELECT %s, g::text, CASE WHEN g %% 3 = 0 THEN 'email' "
        "  ELSE 'desktop' END, 'customer_initiated', 'open', t, t, "
        "  t + (g * 7919 %% 86400 + (g %% 1000) / 1000.0) "
        "  * interval '1 second' "
        "FROM generate_series(1, %s) g, LATERAL (SELECT "
        "  '2026-05-01T00:00:00Z'::timestamptz "
        "  + (g * 97 %% 2592000) * interval '1 second' AS t) x "
        "RETURNING channel, created_at, first_reply_at", org.id, n)
    org.server.sql("INSERT INTO org_counters (org_id, kind, value) "
                   "VALUES (%s, 'conversation', %s)", org.id, n + 1)
    values = sorted(ms(c, f) for _, c, f in rows)
    email = sorted(ms(c, f) for ch, c, f in rows if ch == "email")
    body = dict(metric="time_to_first_reply", startDate="2026-05-01",
                endDate="2026-05-31", granularity="week")
    got = query(org, aggregation="count", **body)
    assert got["value"] == n
    got = query(org, aggregation="avg", **body)
    assert got["value"] == pytest.approx(statistics.fmean(values),
                                         rel=1e-6)
    for agg, pct in [("median", None), ("min", None), ("max", None),
                     ("percentile", 90), ("percentile", 1)]:
        extra = {"percentile": pct} if pct else {}
        got = query(org, aggregation=agg, **body, **extra)
        want = aggregate(values, agg, pct)
        assert got["value"] == pytest.approx(want, rel=0.0101), (agg, pct)
    # the monthly whole beside its buckets: each bucket's median within
    # the bound too, and a group of a kept attribute
    got = query(org, aggregation="median", groupBy="conversation.channel",
                **body)
    assert got["value"] == pytest.approx(percentile_cont(values, 0.5),
                                         rel=0.0101)
    groups = {g["group"]: g["value"] for g in got["groupedData"]}
    assert groups["email"] == pytest.approx(percentile_cont(email, 0.5),
                                            rel=0.0101)
    # a filter the rollup does not keep (tags) reads the rows: exact
    got = query(org, aggregation="median", filters={
        "kind": "rule", "fieldId": "conversation.tags",
        "operator": "not_exists"}, **body)
    close_to(got["value"], percentile_cont(values, 0.5))
    # folded into hours and UTC days (the worker's sweep), the same
    # numbers: whole UTC days from the day rows, the days a Berlin week
    # cuts from the hour rows
    before = [query(org, aggregation=agg, **body)["value"]
              for agg in ("count", "median", "max")]
    # and by the day plan (sql/047): UTC months and days read whole for
    # the bucket most of them falls in, in zones whose months and days
    # start at other hours; whole series, the same folded and not
    plans = [dict(metric="time_to_first_reply", startDate="2026-04-01",
                  endDate="2026-06-30", granularity=gran, timezone=tz,
                  aggregation=agg)
             for tz in ("UTC", BERLIN, NY) for gran in ("month", "day")
             for agg in ("count", "median")]
    planned = [query(org, **b) for b in plans]
    for b, got in zip(plans, planned):
        a, z = window("2026-04-01", "2026-06-30", b["timezone"])
        inside = [c for _, c, f in rows if a <= c < z]
        if b["aggregation"] == "count":
            assert got["value"] == len(inside), b
            per = {}
            for c in inside:
                k = bucket(c, b["timezone"], b["granularity"])
                per[k] = per.get(k, 0) + 1
            assert {d["date"]: d["value"] for d in got["timeSeries"]
                    if d["value"]} == per, b
    fold(org)
    days = org.server.sql("SELECT count(*), sum(n) FROM "
                          "report_first_reply_days WHERE org_id = %s",
                          org.id)[0]
    assert days[0] > 0 and days[1] == n
    months = org.server.sql("SELECT count(*), sum(n) FROM "
                            "report_first_reply_months WHERE org_id = %s",
                            org.id)[0]
    assert months[0] > 0 and months[1] == n
    assert [query(org, aggregation=agg, **body)["value"]
            for agg in ("count", "median", "max")] == before
    assert [query(org, **b) for b in plans] == planned
    berlin = dict(body, timezone=BERLIN)
    a, b = window("2026-05-01", "2026-05-31", BERLIN)
    inside = [ms(c, f) for _, c, f in rows if a <= c < b]
    got = query(org, aggregation="count", **berlin)
    assert got["value"] == len(inside)
    got = query(org, aggregation="percentile", percentile=90, **berlin)
    assert got["value"] == pytest.approx(percentile_cont(inside, 0.9),
                                         rel=0.0101)
    for d in got["timeSeries"]:
        week = [v for (_, c, f), v in zip(rows, (ms(c, f) for _, c, f
                                                  in rows))
                if a <= c < b and bucket(c, BERLIN, "week") == d["date"]]
        if len(week) > 0:
            assert d["value"] == pytest.approx(percentile_cont(week, 0.9),
                                               rel=0.0101), d["date"]


# ---- the day plan (sql/047) ----

EMAIL = {"kind": "rule", "fieldId": "conversation.channel", "operator": "is",
         "value": "email"}
# the same rows through a rule on tags, which no rollup keeps: the
# answer is read from the conversations themselves
FROM_ROWS = {"kind": "group", "op": "or", "children": [
    {"kind": "rule", "fieldId": "conversation.tags", "operator": "exists"},
    {"kind": "rule", "fieldId": "conversation.tags",
     "operator": "not_exists"}]}
DAY_CASES = [
    (tz, gran, start, end, extra)
    for tz, gran, start, end in [
        ("UTC", "day", "2026-03-01", "2026-03-31"),
        (NY, "day", "2026-02-20", "2026-04-10"),
        (NY, "week", "2026-10-15", "2026-11-10"),
        (BERLIN, "month", "2026-02-20", "2026-11-10"),
        (BERLIN, "day", "2026-03-25", "2026-04-02"),
        (AUCKLAND, "day", "2026-03-25", "2026-04-10"),
        (AUCKLAND, "week", "2026-03-20", "2026-04-10"),
        (KOLKATA, "day", "2026-03-01", "2026-03-20"),
        (KOLKATA, "month", "2026-02-20", "2026-04-10")]
    for extra in [{}, {"filters": EMAIL, "groupBy": "conversation.assignee"},
                  {"groupBy": "conversation.state",
                   "segmentBy": "conversation.channel"}]]


def day_answers(org):
    """Every DAY_CASES answer, and the same from the rows."""
    out = []
    for tz, gran, start, end, extra in DAY_CASES:
        body = dict(metric="new_conversations", aggregation="count",
                    startDate=start, endDate=end, granularity=gran,
                    timezone=tz, **extra)
        rows = dict(body, filters={"kind": "group", "op": "and",
                                   "children": [extra["filters"],
                                                FROM_ROWS]}
                    if "filters" in extra else FROM_ROWS)
        out.append((query(org, **body), query(org, **rows)))
    return out


def check_day_answers(org, history, answers):
    for (tz, gran, start, end, extra), (got, rows) in zip(DAY_CASES,
                                                          answers):
        case = (tz, gran, start, extra)
        for key in ("value", "timeSeries", "groupedData", "segmentData"):
            assert got.get(key) == rows.get(key), (case, key)
        a, b = window(start, end, tz)
        want = matching(history, a, b, (lambda c: c["channel"] == "email")
                        if "filters" in extra else (lambda c: True))
        assert got["value"] == len(want), case
        per = {}
        for c in want:
            k = bucket(c["created"], tz, gran)
            per[k] = per.get(k, 0) + 1
        assert {d["date"]: d["value"] for d in got["timeSeries"]
                if d["value"]} == per, case


def test_day_plan_agrees_with_rows_folded_and_not(server):
    """New conversations by day, week and month in zones whose midnights
    are not UTC's (New York, Berlin) and in UTC read days whole and the
    other hours by hour (REPORT_DAY_PLAN): the same answers as the
    conversations' own rows and the independent count, whether nothing,
    part or all of the rollup is folded into its days, after changes
    made over folded days, and after the rollups are rebuilt."""
    org = Org(server, "days" + __import__("secrets").token_hex(3))
    history = History(org, 3, 300)
    first = day_answers(org)
    check_day_answers(org, history, first)
    count = org.server.sql("SELECT count(*) FROM report_conversation_hours "
                           "WHERE org_id = %s AND delta", org.id)[0][0]
    assert count >= 300
    # half of the delta rows folded (the sweep's batch), then all
    with psycopg2.connect(org.server.dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT fb_report_fold(%s, now() + interval '1 hour')",
                    (count // 2,))
        assert cur.fetchone()[0] == count // 2
    half = org.server.sql("SELECT count(*), coalesce(sum(n), 0) FROM "
                          "report_conversation_days WHERE org_id = %s",
                          org.id)[0]
    assert half[0] > 0 and 0 < half[1] < 300
    assert day_answers(org) == first
    fold(org)
    assert org.server.sql("SELECT sum(n) FROM report_conversation_days "
                          "WHERE org_id = %s", org.id)[0][0] == 300
    assert day_answers(org) == first
    # changes over folded days: delta rows beside the day rows
    moved = [c for c in history.convs if c["channel"] == "desktop"][:20]
    for c in moved:
        r = org.api.request("PATCH", "/conversations/" + c["id"],
                            json={"state": "closed"})
        assert r.status_code == 200, r.text
        c["state"] = "closed"
    org.server.sql("UPDATE conversations SET channel = 'email' "
                   "WHERE org_id = %s AND id = ANY(%s)", org.id,
                   [c["id"] for c in moved[:10]])
    for c in moved[:10]:
        c["channel"] = "email"
    gone = history.convs.pop()
    org.server.sql("DELETE FROM conversations WHERE org_id = %s AND id = %s",
                   org.id, gone["id"])
    changed = day_answers(org)
    check_day_answers(org, history, changed)
    assert changed != first
    fold(org)
    assert day_answers(org) == changed
    # made again from the conversations (feedbackctl reports rebuild)
    assert org.server.ctl("reports", "rebuild", org.id) == "299"
    assert org.server.sql("SELECT count(*) FROM report_conversation_hours "
                          "WHERE org_id = %s AND delta", org.id)[0][0] == 0
    assert day_answers(org) == changed


def test_rebuild_makes_what_the_writes_keep(server):
    """fb_report_rebuild (feedbackctl reports rebuild) makes an
    organization's rollups from its conversations: after a load with the
    triggers off the rollups are empty, after the rebuild they hold what
    the triggers and the fold would have (the same rows), and another
    organization's are left as they were."""
    org = Org(server, "rebuild" + __import__("secrets").token_hex(3))
    other = Org(server, "rebuilt" + __import__("secrets").token_hex(3))
    History(org, 4, 80)
    History(other, 5, 40)
    fold(org)
    # a conversation alone in its day and month, folded, then deleted and
    # folded again: its day and month rows reach 0, and go (as a rebuild
    # makes none)
    org.server.sql(
        "INSERT INTO conversations (org_id, id, channel, delivered_as, "
        "state, created_at, updated_at, first_reply_at) VALUES "
        "(%s, '9999', 'email', 'customer_initiated', 'open', "
        "'2025-01-10T10:00:00Z', '2025-01-10T10:00:00Z', "
        "'2025-01-10T10:05:00Z')", org.id)
    fold(org)
    assert org.server.sql(
        "SELECT n FROM report_conversation_days WHERE org_id = %s "
        "AND day = '2025-01-10T00:00:00Z'", org.id) == [(1,)]
    org.server.sql("DELETE FROM conversations WHERE org_id = %s "
                   "AND id = '9999'", org.id)
    fold(org)
    tables = {"report_conversation_hours": "hour, channel, state, "
              "priority, initiator, language, team_id, assignee_id, "
              "brand_id, n, delta",
              "report_conversation_days": "day, channel, state, priority, "
              "initiator, language, team_id, assignee_id, brand_id, n",
              "report_first_reply_hours": "hour, channel, state, priority, "
              "initiator, language, team_id, assignee_id, brand_id, i, n, "
              "round(tot::numeric, 3), delta",
              "report_first_reply_days": "day, i, n, round(tot::numeric, 3)",
              "report_first_reply_months": "month, i, n, "
              "round(tot::numeric, 3)"}

    def rows(o):
        return {t: sorted(org.server.sql(
            "SELECT %s FROM %s WHERE org_id = %%s" % (cols, t), o.id),
            key=repr) for t, cols in tables.items()}

    kept, theirs = rows(org), rows(other)
    assert all(kept[t] for t in tables)
    for t in tables:
        org.server.sql("DELETE FROM %s WHERE org_id = %%s" % t, org.id)
    assert not any(rows(org).values())
    assert org.server.ctl("reports", "rebuild", org.id) == "80"
    assert rows(org) == kept
    assert rows(other) == theirs
    # an organization that does not exist
    with pytest.raises(subprocess.CalledProcessError) as e:
        org.server.ctl("reports", "rebuild", "nosuchorg")
    assert e.value.returncode == 1
    assert "no such organization" in e.value.stderr


def test_rebuild_beside_writes(server):
    """A rebuild waits for a write in progress and counts it; a write
    made during a rebuild waits for it and adds its rows after: nothing
    lost, nothing counted twice (first replies included)."""
    org = Org(server, "beside" + __import__("secrets").token_hex(3))
    add = ("INSERT INTO conversations (org_id, id, channel, delivered_as, "
           "state, created_at, updated_at, first_reply_at) VALUES "
           "(%s, %s, 'email', 'customer_initiated', 'open', "
           "'2026-06-10T10:00:00Z', '2026-06-10T10:00:00Z', "
           "'2026-06-10T10:05:00Z')")
    org.server.sql("INSERT INTO org_counters (org_id, kind, value) "
                   "VALUES (%s, 'conversation', 100)", org.id)
    for i in range(3):
        org.server.sql(add, org.id, str(i + 1))

    def later(statement, *params):
        done = {}

        def run():
            with psycopg2.connect(org.server.dsn) as conn, \
                    conn.cursor() as cur:
                cur.execute(statement, params)
                done["rows"] = cur.fetchall() if cur.description else []
        t = threading.Thread(target=run)
        t.start()
        time.sleep(0.8)
        return t, done

    writer = psycopg2.connect(org.server.dsn)
    try:
        with writer.cursor() as cur:
            cur.execute(add, (org.id, "4"))
        t, done = later("SELECT fb_report_rebuild(%s)", org.id)
        assert t.is_alive() and not done
        writer.commit()
        t.join(10)
        assert done["rows"] == [(4,)]
        with writer.cursor() as cur:
            cur.execute("SELECT fb_report_rebuild(%s)", (org.id,))
        t, done = later(add, org.id, "5")
        assert t.is_alive() and not done
        writer.commit()
        t.join(10)
        assert done == {"rows": []}
    finally:
        writer.close()
    body = dict(startDate="2026-06-01", endDate="2026-06-30",
                granularity="month", timezone=NY)
    for _ in range(2):
        assert query(org, metric="new_conversations", aggregation="count",
                     **body)["value"] == 5
        assert query(org, metric="time_to_first_reply",
                     aggregation="count", **body)["value"] == 5
        assert query(org, metric="time_to_first_reply", aggregation="max",
                     **body)["value"] == 300000
        # (so few values are answered from the rows: the rollup itself)
        assert org.server.sql(
            "SELECT sum(n), sum(tot) FROM report_first_reply_hours "
            "WHERE org_id = %s", org.id)[0] == (5, 1500000)
        fold(org)
    for level in ("days", "months"):
        assert org.server.sql(
            "SELECT sum(n), sum(tot) FROM report_first_reply_%s "
            "WHERE org_id = %%s" % level, org.id)[0] == (5, 1500000)


def test_rebuild_beside_a_new_conversation_and_its_first_reply(server):
    """An admin's new conversation adds its rollup row and then, in the
    same transaction, its first reply's (conversations_create: the
    INSERT, then fb_conversation_part_add setting first_reply_at), the
    reverse of the order a rebuild reaches the tables in.  Held open
    across a rebuild: the rebuild waits at the rollups' gate
    (fb_report_gate) instead of taking the first replies' table the
    write needs next, so neither fails with a deadlock (40P01), both
    finish, and the conversation is counted once."""
    org = Org(server, "gate" + __import__("secrets").token_hex(3))
    org.server.sql("INSERT INTO org_counters (org_id, kind, value) "
                   "VALUES (%s, 'conversation', 100)", org.id)
    org.server.sql(
        "INSERT INTO conversations (org_id, id, channel, delivered_as, "
        "state, created_at, updated_at, first_reply_at) VALUES "
        "(%s, '1', 'email', 'customer_initiated', 'open', "
        "'2026-06-10T10:00:00Z', '2026-06-10T10:00:00Z', "
        "'2026-06-10T10:05:00Z')", org.id)
    done = {}

    def rebuild():
        try:
            with psycopg2.connect(org.server.dsn) as conn, \
                    conn.cursor() as cur:
                cur.execute("SET deadlock_timeout = '100ms'")
                cur.execute("SELECT fb_report_rebuild(%s)", (org.id,))
                done["rows"] = cur.fetchall()
        except psycopg2.Error as e:
            done["error"] = e.pgcode
    writer = psycopg2.connect(org.server.dsn)
    try:
        with writer.cursor() as cur:
            cur.execute("SET deadlock_timeout = '100ms'")
            cur.execute(
                "INSERT INTO conversations (org_id, id, channel, "
                "delivered_as, state, created_at, updated_at) VALUES "
                "(%s, '2', 'email', 'admin_initiated', 'open', "
                "'2026-06-10T11:00:00Z', '2026-06-10T11:00:00Z')",
                (org.id,))
            t = threading.Thread(target=rebuild)
            t.start()
            time.sleep(0.8)
            assert t.is_alive() and not done
            cur.execute("UPDATE conversations SET first_reply_at = "
                        "'2026-06-10T11:01:00Z' WHERE org_id = %s "
                        "AND id = '2'", (org.id,))
        writer.commit()
        t.join(10)
        assert done == {"rows": [(2,)]}
    finally:
        writer.close()
    fold(org)
    assert org.server.sql(
        "SELECT sum(n) FROM report_conversation_hours WHERE org_id = %s",
        org.id)[0][0] == 2
    for level in ("hours", "days", "months"):
        assert org.server.sql(
            "SELECT sum(n), sum(tot) FROM report_first_reply_%s "
            "WHERE org_id = %%s" % level, org.id)[0] == (2, 360000), level
