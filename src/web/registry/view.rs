//! What the registry's pages show.

use askama::Template;

use super::PlayerInput;
use crate::db::players::events::PlayerEvent;
use crate::db::players::{Player, RegistryEntry};
use crate::web::director::FieldErrors;
use crate::web::i18n::Tr;
use crate::web::page::Ctx;

/// The add or edit form of a player.
pub(super) struct PlayerForm {
    pub(super) action: String,
    pub(super) input: PlayerInput,
    pub(super) errors: FieldErrors,
}

impl PlayerForm {
    pub(super) fn new(action: String, input: PlayerInput) -> PlayerForm {
        PlayerForm {
            action,
            input,
            errors: FieldErrors::default(),
        }
    }

    pub(super) fn error(&self, field: &str) -> Option<&str> {
        self.errors.get(field)
    }

    /// The four text fields: (name, label id, value, required).
    pub(super) fn text_fields(&self) -> [(&'static str, &'static str, &str, bool); 4] {
        [
            ("name", "registry-name", &self.input.name, true),
            (
                "second_name",
                "registry-second-name",
                &self.input.second_name,
                false,
            ),
            ("club", "registry-club", &self.input.club, false),
            (
                "federation_no",
                "registry-federation-no",
                &self.input.federation_no,
                false,
            ),
        ]
    }
}

/// One row of the registry's trail as the pages show it.
pub(super) struct TrailRow {
    pub(super) at: String,
    pub(super) user: String,
    pub(super) action: String,
    pub(super) subject: String,
    pub(super) before: String,
    pub(super) after: String,
}

impl TrailRow {
    pub(super) fn of(e: &RegistryEntry, t: &Tr) -> TrailRow {
        TrailRow {
            at: e.at.format("%Y-%m-%d %H:%M").to_string(),
            user: e.user_name.clone(),
            action: t.t(&format!("registry-action-{}", e.action)),
            subject: e.subject.clone(),
            before: e.before.clone(),
            after: e.after.clone(),
        }
    }
}

#[derive(Template)]
#[template(path = "registry/index.html")]
pub(super) struct IndexPage {
    pub(super) ctx: Ctx,
    pub(super) query: String,
    pub(super) found: Vec<Player>,
    /// More players match than are shown.
    pub(super) more: bool,
    pub(super) duplicates: Vec<(Player, Player)>,
    pub(super) form: PlayerForm,
    /// A refused `players.csv`: every problem, `players.csv:LINE: why`.
    pub(super) upload_problems: Vec<String>,
    /// The newest rows of the registry's trail, newest first.
    pub(super) trail: Vec<TrailRow>,
}

#[derive(Template)]
#[template(path = "registry/player.html")]
pub(super) struct PlayerPage {
    pub(super) ctx: Ctx,
    pub(super) player: Player,
    pub(super) events: Vec<PlayerEvent>,
    /// The events with the boards played and Butler, from every result (the directors'
    /// view).
    pub(super) lines: Vec<crate::web::player_lines::EventLine>,
    /// Their rating, once they played a rated board.
    pub(super) rating: Option<crate::web::player_lines::RatingShown>,
    pub(super) form: PlayerForm,
    pub(super) trail: Vec<TrailRow>,
}

#[derive(Template)]
#[template(path = "registry/merge.html")]
pub(super) struct MergePage {
    pub(super) ctx: Ctx,
    pub(super) a: String,
    pub(super) b: String,
    /// The two players, lower id first, each with their events.
    pub(super) sides: Vec<(Player, Vec<PlayerEvent>)>,
    pub(super) can_merge: bool,
    /// The button's words: "Merge P7 into P3".
    pub(super) button: String,
    pub(super) error: Option<String>,
}

#[derive(Template)]
#[template(path = "registry/remove.html")]
pub(super) struct RemovePage {
    pub(super) ctx: Ctx,
    /// "Remove P7 王伟?"
    pub(super) heading: String,
    pub(super) player: Player,
    pub(super) events: Vec<PlayerEvent>,
    pub(super) error: Option<String>,
}

impl RemovePage {
    pub(super) fn of(page: PlayerPage, error: Option<String>) -> RemovePage {
        let label = format!("{} {}", page.player.id, page.player.fields.name);
        RemovePage {
            heading: page.ctx.t.a("registry-remove-heading", "player", label),
            ctx: page.ctx,
            player: page.player,
            events: page.events,
            error,
        }
    }
}

#[derive(Template)]
#[template(path = "registry/imported.html")]
pub(super) struct ImportedPage {
    pub(super) ctx: Ctx,
    pub(super) summary: String,
}
