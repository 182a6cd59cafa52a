-- 006: the API's statements are short and index-driven, but a row
-- estimate above jit_above_cost (a search for a common word, a wide
-- board filter) makes PostgreSQL compile the plan first, which costs
-- 36-60 ms per execution and never pays back here.  Sessions of this
-- database start with JIT off; other databases of the cluster keep
-- their setting.
DO $$
BEGIN
    EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
END
$$;
