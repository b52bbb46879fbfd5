//! The public pages of a tournament, under `/t/{slug}`: no login, read only.

use actix_web::web;

pub fn configure(_cfg: &mut web::ServiceConfig) {}
