-- The Storage path of the file whose text is indexed (NULL: none, or indexed before this column).
-- A file's text is written when the file lands, often before its note exists; once the note
-- names its file, the text is kept only if it is of that path (a generation alone compares only
-- versions of one object), so the note trigger need not read the file a second time.
ALTER TABLE search_notes ADD COLUMN file_path text;
