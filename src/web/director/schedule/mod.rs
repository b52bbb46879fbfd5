//! Generated schedules (docs/rules.md §8): round robin and Swiss pairings with an explanation of
//! every match, shown before they are saved.
//!
//! - `GET /d/{slug}/rounds/{n}/generate`: the choices for round n, its notes, the unlock form
//! - `POST /d/{slug}/rounds/{n}/generate`: the proposed pairing with explanation and warnings
//! - `POST /d/{slug}/rounds/{n}/generate/confirm`: saves it (one transaction)
//! - `POST /d/{slug}/rounds/{n}/unlock`: unlocks a round that has results, once confirmed
//! - `GET/POST /d/{slug}/schedule`: a whole round robin, previewed;
//!   `POST /d/{slug}/schedule/confirm` creates the rounds it needs and saves it
//!
//! The pure work is in [`crate::schedule::draft`]; these handlers read the form, call it
//! and render.
//!
//! The forms are read in [`forms`]; one round's generation is [`round`], a whole round
//! robin [`whole`]. The words for explanations, notes and warnings are
//! [`crate::web::pairing_words`], shared with the public round page.

mod forms;
mod round;
mod whole;

use crate::web::routes::{Need, Routes};

pub(super) use crate::web::pairing_words::{
    ExplanationLine, explanation_lines, label, method_label, note_texts, saved_warnings,
    warning_text,
};

pub(super) use round::is_locked;

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/d/{slug}/schedule", Need::Director, whole::whole_form)
        .post("/d/{slug}/schedule", Need::Director, whole::whole_preview)
        .post(
            "/d/{slug}/schedule/confirm",
            Need::Director,
            whole::whole_confirm,
        )
        .get(
            "/d/{slug}/rounds/{round}/generate",
            Need::Director,
            round::round_form,
        )
        .post(
            "/d/{slug}/rounds/{round}/generate",
            Need::Director,
            round::round_preview,
        )
        .post(
            "/d/{slug}/rounds/{round}/generate/confirm",
            Need::Director,
            round::round_confirm,
        )
        .post(
            "/d/{slug}/rounds/{round}/unlock",
            Need::Director,
            round::unlock,
        );
}

pub(super) fn tables_list(tables: &[i32]) -> String {
    tables
        .iter()
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
