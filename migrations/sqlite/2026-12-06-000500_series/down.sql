DROP INDEX series_events_series;
DROP TABLE series_events;
DROP TABLE series;
