-- What a search hit shows a reader: the note as the facade answers it (services/views.ts
-- noteView), written with the note's fields by the same trigger (services/search-sync.ts). A
-- reader's search is then answered from the index alone, without reading its 20 notes back from
-- Firestore (13-22 ms on the emulator, and a round trip in production). A row of its own, not a
-- column of search_notes: a card changes with every comment and thumbnail, and an update of a
-- search_notes row that cannot stay on its page re-inserts the note's every word into the GIN
-- index. No row (a note indexed before this, or by a caller that gives no card): the facade
-- reads that note back instead.
CREATE TABLE search_cards (id text PRIMARY KEY, card jsonb NOT NULL);
