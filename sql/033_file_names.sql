-- 033: the name a file was given (a ticket file's part or URL, already
-- checked: fb_filetype.h), for the Content-Disposition it is served with
-- as an attachment.  NULL for images taken into content (served inline)
-- and for files stored before: those are served as "file".
ALTER TABLE files ADD COLUMN name text;
