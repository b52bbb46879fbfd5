ALTER TABLE tournaments DROP COLUMN publish_draw;
ALTER TABLE rounds DROP COLUMN draw_published;
