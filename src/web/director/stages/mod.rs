//! A championship's stages (docs/rules.md §12): `GET /d/{slug}/stages` shows them with a
//! form to define them, the bracket as it stands, the next knockout round's pairings when
//! every tie before it is decided, and what a corrected result changed in a round already
//! paired. `POST /d/{slug}/stages` saves the stages; `POST /d/{slug}/stages/pair/{ko}`
//! pairs every segment of knockout round `ko` as the bracket says.
//!
//! One idea a file: the form's fields (`fields`), the page (`view`), saving the form
//! (`save`), pairing a knockout round (`knockout`) and a groups stage (`groups`), writing
//! the rounds both pair (`pairing`), snake seeding (`snake`) and the director's exchanges
//! (`exchanges`).

mod exchanges;
mod fields;
mod groups;
mod knockout;
mod pairing;
mod save;
mod snake;
mod view;

pub(crate) use knockout::unreleased_text;
pub(crate) use view::rounds_text;

use crate::web::routes::{Need, Routes};

pub(crate) fn configure(routes: &mut Routes) {
    routes
        .get("/d/{slug}/stages", Need::Director, view::show)
        .post("/d/{slug}/stages", Need::Director, save::save)
        .post("/d/{slug}/stages/pair/{ko}", Need::Director, knockout::pair)
        .post(
            "/d/{slug}/stages/groups/{stage}",
            Need::Director,
            groups::pair_groups,
        )
        .post("/d/{slug}/stages/snake", Need::Director, snake::snake_seed)
        .post(
            "/d/{slug}/stages/exchange/{ko}",
            Need::Director,
            exchanges::exchange_teams,
        )
        .post(
            "/d/{slug}/stages/exchange/{ko}/undo/{index}",
            Need::Director,
            exchanges::undo_exchange,
        );
}
