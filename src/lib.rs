//! fushi: duplicate tournaments of Shengji (升级) in the 记副式复式 format.
//!
//! Arrows point one way: `web` → `db` → `rules`; `archive` → `rules`.

pub mod archive;
pub mod charts;
pub mod db;
pub mod i18n;
pub mod rules;
pub mod schedule;
pub mod sheets;
pub mod transfer;
pub mod web;
