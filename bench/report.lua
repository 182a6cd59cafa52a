-- wrk script for bench/run.sh: after the run, prints one line that the
-- script parses (latencies in microseconds; bytes: all responses read,
-- headers included).
done = function(summary, latency, requests)
    local e = summary.errors
    io.write(string.format(
        "FBBENCH requests=%d duration_us=%d p50_us=%d p99_us=%d "
        .. "non2xx=%d connect=%d read=%d write=%d timeout=%d bytes=%d\n",
        summary.requests, summary.duration,
        latency:percentile(50), latency:percentile(99),
        e.status, e.connect, e.read, e.write, e.timeout, summary.bytes))
end
