-- wrk script for bench/run.sh: every request names an id picked at random
-- from a file, one id a line, in a path template where "{id}" stands for
-- it:  wrk ... -s ids.lua URL -- IDS_FILE PATH_TEMPLATE
-- A line may carry an entity tag after a tab ("ID\tETAG"): the request
-- then sends it in If-None-Match (the 304 line).
-- The report at the end is report.lua's.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(dir .. "report.lua")

local ids = {}
local tags = {}
local template
local threads = 0

-- Each thread draws its own sequence.
setup = function(thread)
    threads = threads + 1
    thread:set("thread_no", threads)
end

init = function(args)
    for line in io.lines(args[1]) do
        local id, tag = line:match("^([^\t]+)\t?(.*)$")
        if id then
            ids[#ids + 1] = id
            tags[#ids] = tag ~= "" and tag or nil
        end
    end
    assert(#ids > 0, "no ids in " .. args[1])
    template = args[2]
    math.randomseed(os.time() * 1000 + (thread_no or 0))
end

request = function()
    local n = math.random(#ids)
    local path = template:gsub("{id}", ids[n])
    -- wrk.format takes either its own headers or wrk.headers (those of
    -- -H), never both: the tag goes into wrk.headers, this thread's copy.
    wrk.headers["If-None-Match"] = tags[n]
    return wrk.format(nil, path)
end
