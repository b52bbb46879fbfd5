DROP TABLE rating_history;
DROP TABLE rating_boards;
DROP TABLE player_ratings;
DROP TABLE rating_events;
