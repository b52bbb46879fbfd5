//! The round trips of `tournament.toml`: what is read is written back unchanged, and every
//! problem stands at its line.

use super::*;
use crate::rules::deal::{DealSeed, Seed, SeedRecord};
use crate::rules::{Decks, PairingMethod, Preset, Rules, Score, TableSide, TieBreak};

const DOCUMENTED_EXAMPLE: &str = r#"name = "Spring Duplicate 2026"     # required
slug = "spring-2026"               # required, [a-z0-9-]{1,64}, unique
published = true                   # shown on the public pages; default false
decks = 2                          # 1, 2 or 3
rules = "standard"                 # a preset of §3 for this deck count, or "custom"
bottom_multiplier = "exponential"  # or "doubling"
match_scoring = "vp20"             # or "wdl" or "levels"
vp_blitz = 5.0                     # vp20 only
win_draw_loss = [2, 1, 0]          # wdl only
bye_score = 12.0
tiebreaks = ["head_to_head", "level_quotient", "level_diff", "point_diff", "boards_won"]
"#;

#[test]
fn reads_the_spec_example_and_writes_it_canonically() {
    let parsed = parse_settings(DOCUMENTED_EXAMPLE).unwrap();
    assert_eq!(parsed.slug_line, 2);
    let s = &parsed.settings;
    assert_eq!(s.name, "Spring Duplicate 2026");
    assert!(s.published);
    assert_eq!(s.scoring.bye_score, Score::from_whole(12));
    assert_eq!(s.tiebreaks, TieBreak::DEFAULT);
    let written = settings_toml(s);
    assert_eq!(
        written,
        "name = \"Spring Duplicate 2026\"\nslug = \"spring-2026\"\npublished = true\ndecks = 2\nrules = \"standard\"\nbottom_multiplier = \"exponential\"\nmatch_scoring = \"vp20\"\nvp_blitz = 5.0\nwin_draw_loss = [2, 1, 0]\nbye_score = 12.0\ntiebreaks = [\"head_to_head\", \"level_quotient\", \"level_diff\", \"point_diff\", \"boards_won\"]\n"
    );
    assert_eq!(parse_settings(&written).unwrap().settings, *s);
}

#[test]
fn defaults_fill_what_is_missing() {
    let s = parse_settings(
        "name = \"x\"\nslug = \"x\"\nmatch_scoring = \"wdl\"\nwin_draw_loss = [3, 1.5, 0]\n",
    )
    .unwrap()
    .settings;
    assert!(!s.published);
    assert_eq!(s.decks(), Decks::Two);
    assert_eq!(s.rules(), &Rules::Preset(Preset::Standard));
    assert_eq!(s.scoring.bye_score, Score::from_whole(3));
    let written = settings_toml(&s);
    assert!(
        written.contains("win_draw_loss = [3, 1.5, 0]\n"),
        "{written}"
    );
    assert!(written.contains("bye_score = 3.0\n"), "{written}");
}

#[test]
fn table_side_entry_round_trips() {
    let text = format!("{DOCUMENTED_EXAMPLE}table_entry = true\ntable_approval = true\n");
    let s = parse_settings(&text).unwrap().settings;
    assert!(s.table.entry && s.table.approval && !s.table.codes);
    let written = settings_toml(&s);
    assert!(written.ends_with("table_entry = true\ntable_approval = true\n"));
    let plain = parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings;
    assert_eq!(plain.table, TableSide::default());
    assert!(!settings_toml(&plain).contains("table_"));
}

#[test]
fn date_place_organiser_and_zone_round_trip() {
    let text = format!(
        "{DOCUMENTED_EXAMPLE}starts = 2026-12-05\nends = 2026-12-06\nvenue = \"东城棋牌室 2F\"\norganiser = \"Club \\\"80\\\"\"\ntime_zone = \"Asia/Shanghai\"\n"
    );
    let s = parse_settings(&text).unwrap().settings;
    let o = &s.occasion;
    assert_eq!(o.dates(), "2026-12-05 – 2026-12-06");
    assert_eq!(o.venue, "东城棋牌室 2F");
    assert_eq!(o.organiser, "Club \"80\"");
    assert_eq!(o.time_zone.map(|z| z.name()), Some("Asia/Shanghai"));
    let written = settings_toml(&s);
    assert!(
            written.ends_with(
                "starts = 2026-12-05\nends = 2026-12-06\nvenue = \"东城棋牌室 2F\"\norganiser = 'Club \"80\"'\ntime_zone = \"Asia/Shanghai\"\n"
            ),
            "{written}"
        );
    assert_eq!(parse_settings(&written).unwrap().settings, s);
    // Without them: written as before.
    let plain = parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings;
    assert!(plain.occasion.is_empty());
    for key in ["starts", "ends", "venue", "organiser", "time_zone"] {
        assert!(!settings_toml(&plain).contains(key));
    }
    assert_eq!(
        problems(
            "name = \"x\"\nslug = \"x\"\nstarts = 2026-12-06\nends = 2026-12-05\ntime_zone = \"Asia/Beijing\"\n"
        ),
        [
            "tournament.toml:4: ends is before starts",
            "tournament.toml:5: time_zone \"Asia/Beijing\" is not a time zone (an IANA name such as Asia/Shanghai)",
        ]
    );
    assert_eq!(
        problems("name = \"x\"\nslug = \"x\"\nstarts = \"5.12.2026\"\nends = 12\n"),
        [
            "tournament.toml:3: starts \"5.12.2026\" is not a date (YYYY-MM-DD, a TOML date such as 2026-12-05)",
            "tournament.toml:4: ends must be a date such as 2026-12-05",
        ]
    );
}

#[test]
fn the_old_deal_commitment_and_revealed_seed_round_trip() {
    use crate::rules::deal::Deals;
    let seed = Seed::parse("春季 2026").unwrap();
    let c = seed.commitment();
    let deals_of = |parsed: &ParsedSettings| Deals {
        seeds: parsed.deal_seeds.iter().map(|s| s.record.clone()).collect(),
        boards: Vec::new(),
    };
    let text = format!("{DOCUMENTED_EXAMPLE}deal_commitment = \"{c}\"\n");
    let parsed = parse_settings(&text).unwrap();
    let records = deals_of(&parsed).seeds;
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].state, DealSeed::Committed(c.clone()));
    // The old pair's rounds were not recorded.
    assert_eq!(records[0].rounds, None);
    let written = tournament_toml(&parsed.settings, &deals_of(&parsed));
    assert!(
        written.ends_with(&format!("\ndeal_commitment = \"{c}\"\n")),
        "{written}"
    );
    let text = format!("{text}deal_seed = \"春季 2026\"\n");
    let parsed = parse_settings(&text).unwrap();
    assert_eq!(
        parsed.deal_seeds[0].record.state,
        DealSeed::Revealed(seed.clone())
    );
    let written = tournament_toml(&parsed.settings, &deals_of(&parsed));
    assert!(
        written.ends_with(&format!(
            "deal_commitment = \"{c}\"\ndeal_seed = \"春季 2026\"\n"
        )),
        "{written}"
    );
    // A secret seed is not written.
    let secret = Deals {
        seeds: vec![SeedRecord {
            state: DealSeed::Secret(seed),
            published: None,
            rounds: None,
        }],
        boards: Vec::new(),
    };
    assert!(!tournament_toml(&parsed.settings, &secret).contains("deal_seed ="));
    assert!(
        parse_settings(DOCUMENTED_EXAMPLE)
            .unwrap()
            .deal_seeds
            .is_empty()
    );
}

#[test]
fn a_revealed_seed_that_does_not_match_the_commitment_is_refused() {
    let c = Seed::parse("alpha").unwrap().commitment();
    let lines = DOCUMENTED_EXAMPLE.lines().count() as u64;
    let text = format!("{DOCUMENTED_EXAMPLE}deal_commitment = \"{c}\"\ndeal_seed = \"beta\"\n");
    assert_eq!(
        problems(&text),
        vec![format!(
            "tournament.toml:{}: the seed does not match the published commitment",
            lines + 2
        )]
    );
    let text = format!("{DOCUMENTED_EXAMPLE}deal_seed = \"beta\"\n");
    assert_eq!(
        problems(&text),
        vec![format!(
            "tournament.toml:{}: deal_seed is given without deal_commitment",
            lines + 1
        )]
    );
    let text = format!("{DOCUMENTED_EXAMPLE}deal_commitment = \"ABC\"\n");
    assert_eq!(
        problems(&text),
        vec![format!(
            "tournament.toml:{}: deal_commitment must be 64 lowercase hex digits (a SHA-256)",
            lines + 1
        )]
    );
}

#[test]
fn pairing_and_swiss_seed_round_trip() {
    let text = format!("{DOCUMENTED_EXAMPLE}pairing = \"swiss\"\nswiss_seed = 20261129\n");
    let s = parse_settings(&text).unwrap().settings;
    assert_eq!(s.pairing, PairingMethod::Swiss);
    assert_eq!(s.swiss_seed, Some(20261129));
    let written = settings_toml(&s);
    assert!(written.ends_with("pairing = \"swiss\"\nswiss_seed = 20261129\n"));
    assert_eq!(parse_settings(&written).unwrap().settings, s);
    let s = parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings;
    assert_eq!((s.pairing, s.swiss_seed), (PairingMethod::Manual, None));
    assert_eq!(
        problems("name = \"x\"\nslug = \"x\"\npairing = \"dutch\"\nswiss_seed = -1\n"),
        [
            "tournament.toml:3: pairing \"dutch\" is not one of round_robin, swiss, manual",
            "tournament.toml:4: swiss_seed must be a whole number from 0, not -1",
        ]
    );
}

#[test]
fn custom_tables_round_trip() {
    let text = "name = \"x\"\nslug = \"x\"\nrules = \"custom\"\ntakeover_at = 80\nbands = [[0, 3], [5, 2], [40, 1], [80, -1]]\nstep = 40\n";
    let s = parse_settings(text).unwrap().settings;
    assert_eq!(s.band_table().table_score(120), -2);
    let written = settings_toml(&s);
    assert!(
        written
            .contains("takeover_at = 80\nbands = [[0, 3], [5, 2], [40, 1], [80, -1]]\nstep = 40\n")
    );
    assert_eq!(parse_settings(&written).unwrap().settings, s);
}

fn problems(text: &str) -> Vec<String> {
    parse_settings(text)
        .unwrap_err()
        .into_iter()
        .map(|p| p.to_string())
        .collect()
}

/// A string with spaces at either end was trimmed and written back without them: it is
/// refused at its line with the export's spelling (docs/rules.md §9).
#[test]
fn strings_with_spaces_at_their_ends_are_refused() {
    let text = DOCUMENTED_EXAMPLE
        .replace("\"Spring Duplicate 2026\"", "\"Spring Duplicate 2026 \"")
        .replace("\"exponential\"", "\" exponential\"");
    assert_eq!(
        problems(&text),
        [
            "tournament.toml:1: name \"Spring Duplicate 2026 \" is not written as fushi \
                 writes it: write \"Spring Duplicate 2026\" (the export gives back exactly what \
                 was imported)",
            "tournament.toml:6: bottom_multiplier \" exponential\" is not written as fushi \
                 writes it: write \"exponential\" (the export gives back exactly what was \
                 imported)",
        ]
    );
}

#[test]
fn every_problem_is_reported_with_its_line() {
    let text = "name = \"x\"\nslug = \"Bad Slug\"\ndecks = 4\ncolour = \"red\"\nmatch_scoring = \"swiss\"\ntiebreaks = [\"coin_toss\"]\n";
    assert_eq!(
        problems(text),
        [
            "tournament.toml:2: slug \"Bad Slug\" must be 1–64 characters of a–z, 0–9 and -",
            "tournament.toml:3: decks must be 1, 2 or 3, not 4",
            "tournament.toml:4: unknown key \"colour\"",
            "tournament.toml:5: match_scoring \"swiss\" is not one of vp20, wdl, levels",
            "tournament.toml:6: tie-break \"coin_toss\" is not one of head_to_head, level_quotient, level_diff, point_diff, boards_won",
        ]
    );
}

#[test]
fn rules_must_fit_the_deck_count_and_custom_tables_must_be_well_formed() {
    let p = problems("name = \"x\"\nslug = \"x\"\ndecks = 3\nrules = \"bands-20\"\n");
    assert_eq!(
        p,
        [
            "tournament.toml:4: rules \"bands-20\" does not exist for 3 deck(s); choose one of standard or custom"
        ]
    );
    let p = problems(
        "name = \"x\"\nslug = \"x\"\nrules = \"custom\"\ntakeover_at = 80\nbands = [[5, 3]]\nstep = 40\n",
    );
    assert_eq!(
        p,
        ["tournament.toml:5: the first band must start at P = 0, not 5"]
    );
    let p = problems("name = \"x\"\nslug = \"x\"\nrules = \"custom\"\n");
    assert_eq!(p.len(), 3, "{p:?}");
    // Non-finite and absurd numbers are refused at their line.
    let p = problems("name = \"x\"\nslug = \"x\"\nbye_score = nan\n");
    assert_eq!(
        p,
        ["tournament.toml:3: bye_score must be a number from -10000 to 10000, not NaN"]
    );
    let p = problems(
        "name = \"x\"\nslug = \"x\"\nbye_score = 2147483648\nvp_blitz = inf\nwin_draw_loss = [1e300, 1, 0]\n",
    );
    assert_eq!(p.len(), 3, "{p:?}");
    assert!(p[0].starts_with("tournament.toml:3: bye_score"), "{p:?}");
    assert!(p[1].starts_with("tournament.toml:4: vp_blitz"), "{p:?}");
    assert!(
        p[2].starts_with("tournament.toml:5: win_draw_loss"),
        "{p:?}"
    );
    let p = problems(
        "name = \"x\"\nslug = \"x\"\nrules = \"custom\"\ntakeover_at = 80\nbands = [[0, 2147483647]]\nstep = 40\n",
    );
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("at most 100"), "{p:?}");
    let p = problems("name = \"x\"\nslug = \"x\"\nstep = 40\n");
    assert_eq!(
        p,
        ["tournament.toml:3: step is only for rules = \"custom\""]
    );
}

#[test]
fn stages_round_trip_and_are_written_only_when_there_are_some() {
    let text = format!(
        "{DOCUMENTED_EXAMPLE}\n[[stages]]\nname = \"资格赛\"\nrounds = [1, 9]\nformat = \"groups\"\ngroups = [[1, 4, 5, 8], [2, 3, 6, 7]]\n\n[[stages]]\nname = \"淘汰赛\"\nrounds = [10, 15]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 2, 2]\nthird_place = true\ncarry_over = 0.5\ncarry_over_h2h = 0.25\n"
    );
    let s = parse_settings(&text).unwrap().settings;
    assert_eq!(s.stages.len(), 2);
    assert_eq!(s.stages[0].groups().unwrap()[1][0].get(), 2);
    let written = settings_toml(&s);
    assert!(
        written.ends_with(&text[DOCUMENTED_EXAMPLE.len()..]),
        "{written}"
    );
    assert_eq!(parse_settings(&written).unwrap().settings, s);
    assert!(
        !settings_toml(&parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings).contains("stages")
    );
}

#[test]
fn exchanges_round_trip_on_one_line_and_their_problems_stand_at_their_line() {
    let text = "name = \"x\"\nslug = \"x\"\n\n[[stages]]\nname = \"Q\"\nrounds = [1, 3]\nformat = \"swiss\"\n\n[[stages]]\nname = \"K\"\nrounds = [4, 7]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 1, 1]\nthird_place = true\ncarry_over = 0.5\ncarry_over_h2h = 0.0\nexchanges = [{ ko_round = 1, teams = [4, 3], reason = \"同一俱乐部 one club\" }]\n";
    let s = parse_settings(text).unwrap().settings;
    assert_eq!(
        s.stages[1].knockout().unwrap().exchanges[0].teams[1].get(),
        3
    );
    let written = stages_toml(&s.stages);
    assert!(text.ends_with(&written), "{written}");
    // Written over several lines by hand: each exchange's problem at its own line.
    let text = "name = \"x\"\nslug = \"x\"\n[[stages]]\nname = \"Q\"\nrounds = [1, 3]\nformat = \"swiss\"\n[[stages]]\nname = \"K\"\nrounds = [4, 7]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 1, 1]\nexchanges = [\n  { ko_round = 1, teams = [4, 3], reason = \"r\" },\n  { ko_round = 5, teams = [1, 2], reason = \"r\" },\n]\n";
    assert_eq!(
        problems(text),
        [
            "tournament.toml:15: stage 2: exchange 2: ko_round must be a knockout round from 1 to 3, not 5"
        ]
    );
    let text = "name = \"x\"\nslug = \"x\"\n[[stages]]\nname = \"Q\"\nrounds = [1, 3]\nformat = \"swiss\"\n[[stages]]\nname = \"K\"\nrounds = [4, 7]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 1, 1]\nexchanges = [{ ko_round = 1, teams = [4, 3], why = \"r\" }]\n";
    assert_eq!(
        problems(text),
        [
            "tournament.toml:13: stage 2: exchanges must be a list of inline tables, each with ko_round (a whole number), teams (two team numbers) and reason (text)"
        ]
    );
}

#[test]
fn stage_problems_stand_at_their_stage_s_key() {
    let text = "name = \"x\"\nslug = \"x\"\n\n[[stages]]\nname = \"Q\"\nrounds = [1, 4]\nformat = \"swiss\"\n\n[[stages]]\nname = \"KO\"\nrounds = [4, 9]\nformat = \"knockout\"\nteams = 8\nsegments = [2, 2, 1]\ncolour = 1\n";
    assert_eq!(
        problems(text),
        [
            "tournament.toml:11: stage 2: rounds must start at round 5 (stages are consecutive blocks from round 1, without gaps or overlap), not 4",
            "tournament.toml:14: stage 2: segments add up to 5 rounds, but the stage has 6",
            "tournament.toml:15: unknown key \"colour\"",
        ]
    );
    let text = "name = \"x\"\nslug = \"x\"\n[[stages]]\nname = \"G\"\nrounds = [1, 3]\nformat = \"groups\"\ngroups = [[1, 2], [2, 3]]\n[[stages]]\nname = \"K\"\nrounds = \"4-5\"\nformat = \"knockout\"\n";
    assert_eq!(
        problems(text),
        ["tournament.toml:10: stage 2: rounds must be [first, last], two whole numbers"]
    );
    let text = "name = \"x\"\nslug = \"x\"\n[[stages]]\nname = \"G\"\nrounds = [1, 3]\nformat = \"groups\"\ngroups = [[1, 2], [2, 3]]\n";
    assert_eq!(
        problems(text),
        ["tournament.toml:7: stage 1: team 2 is in two groups"]
    );
}

#[test]
fn syntax_errors_and_missing_keys() {
    let p = problems("name = \"x\"\nslug = \n");
    assert_eq!(p.len(), 1);
    assert!(p[0].starts_with("tournament.toml:2: "), "{p:?}");
    assert_eq!(
        problems("slug = \"x\"\n"),
        ["tournament.toml:1: name is required"]
    );
}

#[test]
fn the_correction_period_round_trips_and_is_checked_at_its_line() {
    // Old archives have none: the default, and nothing written back.
    let plain = parse_settings(DOCUMENTED_EXAMPLE).unwrap().settings;
    assert_eq!(plain.correction_minutes, 30);
    assert!(!settings_toml(&plain).contains("correction_minutes"));
    let text = format!("{DOCUMENTED_EXAMPLE}correction_minutes = 45\n");
    let s = parse_settings(&text).unwrap().settings;
    assert_eq!(s.correction_minutes, 45);
    let written = settings_toml(&s);
    assert!(written.ends_with("correction_minutes = 45\n"), "{written}");
    assert_eq!(parse_settings(&written).unwrap().settings, s);
    let zero = format!("{DOCUMENTED_EXAMPLE}correction_minutes = 0\n");
    assert_eq!(
        parse_settings(&zero).unwrap().settings.correction_minutes,
        0
    );
    assert_eq!(
        problems(&format!("{DOCUMENTED_EXAMPLE}correction_minutes = -5\n")),
        [
            "tournament.toml:12: correction_minutes must be a whole number of minutes from 0 to 1440, not -5"
        ]
    );
    assert_eq!(
        problems(&format!(
            "{DOCUMENTED_EXAMPLE}correction_minutes = 100000\n"
        )),
        [
            "tournament.toml:12: correction_minutes must be a whole number of minutes from 0 to 1440, not 100000"
        ]
    );
}

#[test]
fn scores_beyond_two_decimals_are_refused_at_their_line() {
    let wdl = DOCUMENTED_EXAMPLE
        .replace(
            "win_draw_loss = [2, 1, 0]",
            "win_draw_loss = [0.125, 0.015, 0]",
        )
        .replace("bye_score = 12.0", "bye_score = 2.675");
    assert_eq!(
        problems(&wdl),
        [
            "tournament.toml:9: win_draw_loss has more than two decimals: 0.125 (scores are kept to 0.01; write it with two decimals at most)",
            "tournament.toml:9: win_draw_loss has more than two decimals: 0.015 (scores are kept to 0.01; write it with two decimals at most)",
            "tournament.toml:10: bye_score has more than two decimals: 2.675 (scores are kept to 0.01; write it with two decimals at most)",
        ]
    );
    // Two decimals are kept exactly and written back as they were.
    let exact = DOCUMENTED_EXAMPLE
        .replace(
            "win_draw_loss = [2, 1, 0]",
            "win_draw_loss = [0.13, 0.02, 0]",
        )
        .replace("bye_score = 12.0", "bye_score = 2.68");
    let s = parse_settings(&exact).unwrap().settings;
    assert_eq!(s.scoring.bye_score.hundredths(), 268);
    assert_eq!(s.scoring.win_draw_loss[1].hundredths(), 2);
    let written = settings_toml(&s);
    assert!(
        written.contains("win_draw_loss = [0.13, 0.02, 0]"),
        "{written}"
    );
    assert!(written.contains("bye_score = 2.68"), "{written}");
}
