//! fushi's integration tests, one binary with a module per area: the rules' worked
//! examples and the independent reference, the archive, the database layer, the sheets,
//! every web page over HTTP on SQLite and PostgreSQL, races and bad input, and the browser
//! tests in headless Chromium, and the source's layout (no file cycles). One binary links
//! once and shares [`common`].
//!
//! Run one area with `cargo test --test integration integration:: web_entry::`.

// A test binary: its helpers are `pub` for the sibling modules, and a failed unwrap is a
// failed test with its line.
#![allow(unreachable_pub, clippy::unwrap_used)]

mod common;

mod api;
mod archive;
mod bad_input;
mod browser;
mod browser_audit;
mod browser_evening;
mod browser_figures;
mod browser_hall;
mod browser_hall_view;
mod browser_offline;
mod browser_print;
mod browser_registry;
mod browser_rough_edges;
mod browser_secrecy;
mod browser_session;
mod browser_stages;
mod browser_table;
mod copy;
mod db;
mod deals;
mod derived;
mod descriptors;
mod docs;
mod full_disk;
mod fuzz;
mod layout;
mod noninterference;
mod outage;
mod player_links;
mod players;
mod races;
mod ratings_db;
mod ratings_reference;
mod reference_sweep;
mod release_crawl;
mod rules_examples;
mod service;
mod sheets;
mod snapshots;
mod stages;
mod web_accounts;
mod web_api;
mod web_audit;
mod web_compress;
mod web_deals;
mod web_director;
mod web_entry;
mod web_evening;
mod web_field;
mod web_figures;
mod web_hall;
mod web_hall_view;
mod web_large_fields;
mod web_live;
mod web_occasion;
mod web_players;
mod web_public;
mod web_rough_edges;
mod web_schedule;
mod web_session;
mod web_sheets;
mod web_shell;
mod web_slugs_and_languages;
mod web_table;
mod world;
mod world_binary;
