DROP TABLE hall_announcements;
DROP TABLE round_clocks;
DROP TABLE session_links;
