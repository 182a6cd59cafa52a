-- 048: a help center translation keeps its live search vector in its row.
--
-- POST /help_center/articles/search ranks every translation that has the
-- words (ts_rank reads the whole vector).  A vector of an article of a
-- few hundred words is 2 to 3 KB, which PostgreSQL moved out of the row
-- (TOAST: an index probe and two chunks a vector, about five buffers),
-- so that ranking the 3,000 translations of a common word cost more
-- than finding them.  search is now kept in the row (STORAGE MAIN:
-- compressed there first, moved out only when the row would not fit in
-- a page), and the row may be 4 KB before its other texts move out
-- (toast_tuple_target), so that a vector kept in does not push a
-- translation's title, description and slug out of the row with the
-- bodies.  A row is then about 3 KB (two a page: 106 MB for the
-- bench's 27,500 translations where they took 23 MB) and a vector is
-- read with its row.  draft_search stays out of the row: only a search that names the
-- state reads it.  bench/README.md, "Help center search", has the
-- figures.
--
-- The existing rows take the new storage when written again: the update
-- below writes each published translation anew without changing it (its
-- generated columns are computed again, the same values, now stored in
-- the row).
ALTER TABLE help_center_article_translations
    ALTER COLUMN search SET STORAGE MAIN;
ALTER TABLE help_center_article_translations
    SET (toast_tuple_target = 4096);
UPDATE help_center_article_translations SET locale = locale
WHERE search IS NOT NULL;
