//! A stored row to a value and back: boards, results and the tournament's settings.

use crate::db::DbError;
use crate::db::models::*;
use crate::rules::{
    Board, Combination, EntryFigures, LastTrick, Level, Room, Rules, Seat, Settings, SettingsDraft,
    SettingsField, TableEntry, TableResult, Trump,
};

/// The table_results row for one result of match `match_id` on board row `board_id`.
pub(in crate::db) fn result_form(
    match_id: i32,
    board_id: i32,
    res: &TableResult,
) -> NewTableResult {
    NewTableResult {
        match_id,
        board_id,
        room: res.room.code(),
        trick_points: res.entry.trick_points(),
        bottom_points: res.entry.bottom_points(),
        last_trick: res.entry.last_trick().map(LastTrick::code),
        combo: res.entry.combo().map(|c| c.to_string()),
        declarer_penalty: res.entry.declarer_penalty(),
        defender_penalty: res.entry.defender_penalty(),
        ruling: res.entry.ruling(),
        defender_total: res.entry.defender_total(),
    }
}

/// The boards row for a board of round row `round_id`.
pub(in crate::db) fn board_form(round_id: i32, b: &Board) -> NewBoard {
    NewBoard {
        round_id,
        number: b.number,
        dealer: b.dealer.code(),
        level: b.level.code(),
        trump: b.trump.map(Trump::code),
    }
}

/// A stored board, or where it is corrupt.
pub(in crate::db) fn board_from_row(row: &BoardRow) -> Result<Board, DbError> {
    Ok(Board {
        number: row.number,
        dealer: parse_column::<Seat>("boards", row.id, "dealer", &row.dealer)?,
        level: parse_column::<Level>("boards", row.id, "level", &row.level)?,
        trump: parse_optional::<Trump>("boards", row.id, "trump", row.trump.as_deref())?,
    })
}

/// A stored table result on board number `board`, or where it is corrupt.
pub(in crate::db) fn result_from_row(
    row: &TableResultRow,
    board: i32,
) -> Result<TableResult, DbError> {
    let table = "table_results";
    Ok(TableResult {
        room: parse_column::<Room>(table, row.id, "room", &row.room)?,
        board,
        // Checked by `TableEntry::parse` when it was saved.
        entry: TableEntry::stored(EntryFigures {
            trick_points: row.trick_points,
            bottom_points: row.bottom_points,
            last_trick: parse_optional::<LastTrick>(
                table,
                row.id,
                "last_trick",
                row.last_trick.as_deref(),
            )?,
            combo: parse_optional::<Combination>(table, row.id, "combo", row.combo.as_deref())?,
            declarer_penalty: row.declarer_penalty,
            defender_penalty: row.defender_penalty,
            ruling: row.ruling,
            defender_total: row.defender_total,
        }),
    })
}

/// The tournaments row for a set of settings.
pub(in crate::db) fn tournament_form(
    s: &Settings,
    now: chrono::NaiveDateTime,
) -> NewTournament<'_> {
    let (takeover_at, bands, step) = match s.rules() {
        Rules::Preset(_) => (None, None, None),
        Rules::Custom(t) => (
            Some(t.takeover_at()),
            Some(bands_code(t.bands())),
            Some(t.step()),
        ),
    };
    let [win, draw, loss] = s.scoring.win_draw_loss;
    NewTournament {
        slug: &s.slug,
        name: &s.name,
        published: s.published,
        decks: s.decks().count(),
        rules: s.rules().code(),
        takeover_at,
        bands,
        step,
        bottom_multiplier: s.bottom_multiplier.code(),
        match_scoring: s.scoring.method.code(),
        vp_blitz: s.scoring.vp_blitz,
        win_points: win.hundredths(),
        draw_points: draw.hundredths(),
        loss_points: loss.hundredths(),
        bye_score: s.scoring.bye_score.hundredths(),
        tiebreaks: s
            .tiebreaks
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(","),
        created_at: now,
        updated_at: now,
        pairing: s.pairing.code(),
        // A seed is at most i64::MAX (`rules::settings::MAX_SWISS_SEED`); a larger one
        // would read back as corrupt, never as another seed.
        swiss_seed: s.swiss_seed.map(|seed| i64::try_from(seed).unwrap_or(-1)),
        table_entry: s.table.entry,
        table_approval: s.table.approval,
        table_codes: s.table.codes,
        correction_minutes: s.correction_minutes,
        publish_draw: s.table.publish_draw,
        finished: s.standing.finished,
        rated: s.standing.rated,
    }
}

/// `0:3,5:2,40:1,80:-1`
fn bands_code(bands: &[(i32, i32)]) -> String {
    bands
        .iter()
        .map(|(min, s)| format!("{min}:{s}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn parse_bands(text: &str) -> Result<Vec<(i64, i64)>, String> {
    text.split(',')
        .map(|band| {
            let (min, s) = band
                .split_once(':')
                .ok_or_else(|| format!("band \"{band}\" is not MIN:S"))?;
            let number = |v: &str| {
                v.trim()
                    .parse::<i64>()
                    .map_err(|_| format!("band \"{band}\" is not MIN:S"))
            };
            Ok((number(min)?, number(s)?))
        })
        .collect()
}

/// Reads one stored code with the rules type's `FromStr`, or names where it is corrupt.
fn parse_column<T>(table: &str, id: i32, column: &str, text: &str) -> Result<T, DbError>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e: T::Err| DbError::corrupt(table, id, column, e))
}

fn parse_optional<T>(
    table: &str,
    id: i32,
    column: &str,
    text: Option<&str>,
) -> Result<Option<T>, DbError>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    text.map(|t| parse_column(table, id, column, t)).transpose()
}

/// A stored tournament's settings, checked by the one parse of settings: a value it
/// refuses is corrupt data, never replaced by a default.
pub(in crate::db) fn settings_from_row(row: &TournamentRow) -> Result<Settings, DbError> {
    let corrupt = |column: &str, why: &dyn std::fmt::Display| {
        DbError::corrupt("tournaments", row.id, column, why)
    };
    let bands = row
        .bands
        .as_deref()
        .map(|text| parse_bands(text).map_err(|e| corrupt("bands", &e)))
        .transpose()?;
    let hundredths = |h: i64| h as f64 / 100.0;
    let draft = SettingsDraft {
        name: row.name.clone(),
        slug: row.slug.clone(),
        published: row.published,
        decks: row.decks.into(),
        rules: row.rules.clone(),
        takeover_at: row.takeover_at.map(i64::from),
        step: row.step.map(i64::from),
        bands,
        bottom_multiplier: row.bottom_multiplier.clone(),
        match_scoring: row.match_scoring.clone(),
        vp_blitz: row.vp_blitz,
        win_draw_loss: [row.win_points, row.draw_points, row.loss_points].map(hundredths),
        bye_score: Some(hundredths(row.bye_score)),
        tiebreaks: if row.tiebreaks.is_empty() {
            Vec::new()
        } else {
            row.tiebreaks.split(',').map(str::to_owned).collect()
        },
        pairing: row.pairing.clone(),
        swiss_seed: row.swiss_seed,
        table: crate::rules::TableSide {
            entry: row.table_entry,
            approval: row.table_approval,
            codes: row.table_codes,
            publish_draw: row.publish_draw,
        },
        correction_minutes: row.correction_minutes.into(),
        // Its own table: `occasion::load`.
        occasion: Default::default(),
        standing: crate::rules::settings::Standing {
            finished: row.finished,
            rated: row.rated,
        },
    };
    Settings::try_from(draft).map_err(|errors| {
        let first = &errors.0[0];
        corrupt(column_of(first.field), &first.why)
    })
}

/// The tournaments column that holds a setting.
fn column_of(field: SettingsField) -> &'static str {
    match field {
        SettingsField::Win => "win_points",
        SettingsField::Draw => "draw_points",
        SettingsField::Loss => "loss_points",
        other => other.key(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_round_trip() {
        let bands = vec![(0, 3), (5, 2), (40, 1), (80, -1)];
        assert_eq!(bands_code(&bands), "0:3,5:2,40:1,80:-1");
        let wide: Vec<(i64, i64)> = bands.iter().map(|&(m, s)| (m.into(), s.into())).collect();
        assert_eq!(parse_bands("0:3,5:2,40:1,80:-1").unwrap(), wide);
        assert!(parse_bands("0:3,5").is_err());
        assert!(parse_bands("0:x").is_err());
        assert!(parse_bands("").is_err());
    }
}
