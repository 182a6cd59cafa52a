-- wrk script for bench/post_create.sh: every request creates a post with
-- a title and content of its own, on behalf of one of AUTHORS contacts
-- known by email (every tenth request a new person, made as a contact),
-- with one of 8 existing tags:
--   wrk ... -s post_create.lua URL -- KEY BOARD_ID AUTHORS RUN
-- RUN names the run, so that titles and new emails differ between runs.
-- The report at the end is report.lua's.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(dir .. "report.lua")

local threads = 0
local n = 0
local headers, board, authors, run

setup = function(thread)
    threads = threads + 1
    thread:set("thread_no", threads)
end

init = function(args)
    headers = {["Authorization"] = "Bearer " .. args[1],
               ["Content-Type"] = "application/json"}
    board = args[2]
    authors = tonumber(args[3])
    run = args[4]
    math.randomseed(os.time() * 1000 + (thread_no or 0))
end

-- Words enough that titles and content differ like real ones do.
local words = {"export", "dashboard", "calendar", "invoice", "slack",
               "mobile", "report", "filter", "search", "billing", "theme",
               "webhook", "import", "sso", "audit", "archive", "zapier",
               "pdf", "timeline", "roadmap", "widget", "reminder"}

local function word()
    return words[math.random(#words)]
end

request = function()
    n = n + 1
    local tag = string.format("%s-%d-%d", run, thread_no or 0, n)
    local who
    if n % 10 == 0 then
        who = string.format('{"email":"new-%s@bench.example",'
                            .. '"name":"New %s"}', tag, tag)
    else
        local a = math.random(authors)
        who = string.format('{"email":"user%d@bench.example"}', a)
    end
    local body = string.format(
        '{"title":"Add %s %s for %s %s","boardId":"%s",'
        .. '"content":"<p>We need %s with %s so that the %s works like '
        .. 'the %s does.</p><p>Today we %s every %s by hand, see %s.</p>",'
        .. '"author":%s,"tags":["Tag %d"]}',
        word(), word(), word(), tag, board, word(), word(), word(), word(),
        word(), word(), tag, who, math.random(8))
    return wrk.format("POST", "/v2/posts", headers, body)
end
