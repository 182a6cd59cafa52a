-- wrk script for bench/run.sh: every request names an id picked at random
-- from a file, one id a line, in a path template where "{id}" stands for
-- it:  wrk ... -s ids.lua URL -- IDS_FILE PATH_TEMPLATE
-- The report at the end is report.lua's.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(dir .. "report.lua")

local ids = {}
local template
local threads = 0

-- Each thread draws its own sequence.
setup = function(thread)
    threads = threads + 1
    thread:set("thread_no", threads)
end

init = function(args)
    for line in io.lines(args[1]) do
        if line ~= "" then
            ids[#ids + 1] = line
        end
    end
    assert(#ids > 0, "no ids in " .. args[1])
    template = args[2]
    math.randomseed(os.time() * 1000 + (thread_no or 0))
end

request = function()
    local id = ids[math.random(#ids)]
    return wrk.format(nil, (template:gsub("{id}", id)))
end
