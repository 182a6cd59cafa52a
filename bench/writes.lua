-- wrk script for bench/writes.sh: every request is one write of KIND,
-- with a body of its own, and with an Idempotency-Key of its own when
-- IDEM is 1:
--   wrk ... -s writes.lua URL -- KIND RUN IDEM [ARG...]
-- RUN names the run, so that titles, keys and new people differ between
-- runs.  KIND and its arguments:
--   post     BOARD AUTHORS   POST /v2/posts by one of AUTHORS contacts
--                            (user<n>@bench.example)
--   vote     POSTS AUTHORS   POST /v2/posts/{id}/voters, a random post of
--                            the file POSTS (one id a line), a random
--                            contact
--   comment  POSTS AUTHORS   POST /v2/comments on a random post, by a
--                            random contact
--   reply_contact CONVS      POST /v2/conversations/{id}/reply, the
--                            conversation's contact (CONVS: "id<TAB>contact"
--                            a line)
--   reply_admin CONVS ADMIN  the same, by the admin ADMIN
--   state    CONVS           PATCH /v2/conversations/{id}: each thread walks
--                            its own share of the conversations, closing
--                            them on its first pass, opening them on the
--                            next (every request moves the state)
--   ticket   TICKETS         PATCH /v2/tickets/{number}: a new title
--   contact  AUTHORS         POST /v2/contacts: one of AUTHORS by userId,
--                            a new name; every tenth a new contact
-- The report at the end is report.lua's.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(dir .. "report.lua")

local threads = 0
local n = 0
local kind, run, idem, args
local lines = {}
local mine = {}

setup = function(thread)
    threads = threads + 1
    thread:set("thread_no", threads)
end

local function read(path)
    local out = {}
    for line in io.lines(path) do
        if line ~= "" then
            local fields = {}
            for f in line:gmatch("[^\t]+") do
                fields[#fields + 1] = f
            end
            out[#out + 1] = fields
        end
    end
    assert(#out > 0, "nothing in " .. path)
    return out
end

init = function(a)
    kind, run, idem = a[1], a[2], a[3] == "1"
    args = {(table.unpack or unpack)(a, 4)}
    if kind == "vote" or kind == "comment" or kind == "ticket"
        or kind == "reply_contact" or kind == "reply_admin"
        or kind == "state" then
        lines = read(args[1])
    end
    -- The state walk: this thread's conversations only, so that no two
    -- threads move the same one.  wrk -t2: threads 1 and 2.
    if kind == "state" then
        local t = (thread_no or 1) - 1
        for i, l in ipairs(lines) do
            if (i - 1) % 2 == t then
                mine[#mine + 1] = l
            end
        end
    end
    math.randomseed(os.time() * 1000 + (thread_no or 0))
end

local words = {"export", "dashboard", "calendar", "invoice", "slack",
               "mobile", "report", "filter", "search", "billing", "theme",
               "webhook", "import", "sso", "audit", "archive", "zapier",
               "pdf", "timeline", "roadmap", "widget", "reminder"}

local function word()
    return words[math.random(#words)]
end

local function pick()
    return lines[math.random(#lines)]
end

local function headers(tag)
    local h = {["Content-Type"] = "application/json"}
    for k, v in pairs(wrk.headers) do
        h[k] = v
    end
    if idem then
        h["Idempotency-Key"] = "bench-" .. kind .. "-" .. tag
    end
    return h
end

request = function()
    n = n + 1
    local tag = string.format("%s-%d-%d", run, thread_no or 0, n)
    local method, path, body = "POST", nil, nil
    if kind == "post" then
        path = "/v2/posts"
        body = string.format(
            '{"title":"Add %s %s for %s %s","boardId":"%s",'
            .. '"content":"<p>We need %s with %s so that the %s works.</p>",'
            .. '"author":{"email":"user%d@bench.example"}}',
            word(), word(), word(), tag, args[1], word(), word(), word(),
            math.random(tonumber(args[2])))
    elseif kind == "vote" then
        path = "/v2/posts/" .. pick()[1] .. "/voters"
        body = string.format('{"email":"user%d@bench.example"}',
                             math.random(tonumber(args[2])))
    elseif kind == "comment" then
        path = "/v2/comments"
        body = string.format(
            '{"postId":"%s","content":"<p>Same here: %s %s, %s.</p>",'
            .. '"author":{"email":"user%d@bench.example"}}',
            pick()[1], word(), word(), tag, math.random(tonumber(args[2])))
    elseif kind == "reply_contact" or kind == "reply_admin" then
        local c = pick()
        path = "/v2/conversations/" .. c[1] .. "/reply"
        local who = kind == "reply_admin"
                    and '"type":"admin","id":"' .. args[2] .. '"'
                    or '"type":"contact","id":"' .. c[2] .. '"'
        body = string.format(
            '{%s,"messageType":"reply",'
            .. '"bodyMarkdown":"About the %s: the **%s** %s (%s)."}',
            who, word(), word(), word(), tag)
    elseif kind == "state" then
        local i = (n - 1) % #mine + 1
        local pass = math.floor((n - 1) / #mine)
        method = "PATCH"
        path = "/v2/conversations/" .. mine[i][1]
        body = pass % 2 == 0 and '{"state":"closed"}' or '{"state":"open"}'
    elseif kind == "ticket" then
        method = "PATCH"
        path = "/v2/tickets/" .. pick()[1]
        body = string.format('{"title":"The %s %s fails (%s)"}', word(),
                             word(), tag)
    elseif kind == "contact" then
        path = "/v2/contacts"
        if n % 10 == 0 then
            body = string.format(
                '{"userId":"new-%s","email":"new-%s@bench.example",'
                .. '"name":"New %s"}', tag, tag, tag)
        else
            local a = math.random(tonumber(args[1]))
            body = string.format(
                '{"userId":"u%d","email":"user%d@bench.example",'
                .. '"name":"User %d %s"}', a, a, a, tag)
        end
    else
        error("no write " .. tostring(kind))
    end
    return wrk.format(method, path, headers(tag), body)
end

-- FEEDBACK_BENCH_WHY=1: the first answers that were not a 2xx, on stderr
-- (off by default: reading every answer costs wrk CPU of its own).
if os.getenv("FEEDBACK_BENCH_WHY") == "1" then
    local shown = 0
    response = function(status, headers, body)
        if (status < 200 or status > 299) and shown < 3 then
            shown = shown + 1
            io.stderr:write(string.format("writes.lua: %s %d %s\n", kind,
                                          status, body))
        end
    end
end
