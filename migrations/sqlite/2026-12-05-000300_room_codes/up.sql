-- Issue 34: each room's two team codes, one per side, printed on that pair's slip and good
-- for that room of that round only (made with the room's link, new with new links); and the
-- devices a room's entry is bound to (a SHA-256 of the device's cookie): the one that saved
-- it and the one on which the other side gave its code. Only those see the room's figures.
ALTER TABLE table_links ADD COLUMN ns_code TEXT;
ALTER TABLE table_links ADD COLUMN ew_code TEXT;
ALTER TABLE table_entries ADD COLUMN device TEXT;
ALTER TABLE table_entries ADD COLUMN confirm_device TEXT;
