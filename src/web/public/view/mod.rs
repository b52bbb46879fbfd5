//! What the public pages show: rows of text and numbers in the reader's language, built from
//! an [`Event`] and its [`Report`]. Every figure comes from the rules core; this module only
//! picks, orders and words them.

use std::collections::HashMap;

use crate::figures::{signed, typographic_minus};
use crate::rules::{
    Event, MatchFigures, MatchProgress, Report, RoundProgress, Score, ScoringRules, Team, TeamNo,
};
use crate::web::i18n::Tr;

pub(crate) mod matches;
pub(crate) mod rules;
pub(crate) mod standings;

/// How many teams the overview shows from the top of the standings.
const TOP_OF_STANDINGS: usize = 5;

// ---------------------------------------------------------------------------------------
// Numbers as the pages print them

/// A match score as the tournament's scoring prints it, with a typographic minus.
fn score_text(scoring: &ScoringRules, score: Score) -> String {
    typographic_minus(scoring.format(score))
}

/// A standings total: always two decimals (as in `standings.csv`).
fn total_text(score: Score) -> String {
    typographic_minus(score.two_decimals())
}

/// The CSS class for a signed figure: a reader sees the sign too, so colour is only a help.
pub(super) fn sign_class(n: i64) -> &'static str {
    match n.signum() {
        1 => "plus",
        -1 => "minus",
        _ => "zero",
    }
}

// ---------------------------------------------------------------------------------------
// Teams

/// A team as a link: its number, name and whether it withdrew.
#[derive(Clone, Debug)]
pub(crate) struct TeamLink {
    pub number: TeamNo,
    pub name: String,
    pub withdrawn: bool,
}

/// The teams of an event by number.
pub(super) struct Teams<'a> {
    by_number: HashMap<TeamNo, &'a Team>,
}

impl<'a> Teams<'a> {
    pub(super) fn of(event: &'a Event) -> Teams<'a> {
        Teams {
            by_number: event.teams.iter().map(|t| (t.number, t)).collect(),
        }
    }

    pub(super) fn link(&self, number: TeamNo) -> TeamLink {
        match self.by_number.get(&number) {
            Some(t) => TeamLink {
                number,
                name: t.name.clone(),
                withdrawn: t.withdrawn,
            },
            None => TeamLink {
                number,
                name: format!("#{number}"),
                withdrawn: false,
            },
        }
    }
}

// ---------------------------------------------------------------------------------------
// Stage of matches and rounds

/// Where a match or a round stands, as a reader sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    /// No result yet.
    NotStarted,
    InProgress,
    Complete,
    Bye,
}

impl Stage {
    /// A match: a bye, complete, or in progress from its first result on.
    pub(crate) fn of_match(figures: &MatchFigures) -> Stage {
        match MatchProgress::of(figures) {
            MatchProgress::Bye => Stage::Bye,
            MatchProgress::NotStarted => Stage::NotStarted,
            MatchProgress::InProgress => Stage::InProgress,
            MatchProgress::Complete => Stage::Complete,
        }
    }

    /// A round, as [`Report::round_progress`] sees it.
    pub(crate) fn of_round(report: &Report, round: i32) -> Stage {
        match report.round_progress(round) {
            RoundProgress::NotStarted => Stage::NotStarted,
            RoundProgress::InProgress => Stage::InProgress,
            RoundProgress::Complete => Stage::Complete,
        }
    }

    /// The CSS class and the end of the message id.
    pub(super) fn code(self) -> &'static str {
        match self {
            Stage::NotStarted => "not-started",
            Stage::InProgress => "in-progress",
            Stage::Complete => "complete",
            Stage::Bye => "bye",
        }
    }
}

/// A state in words, with its class for the badge.
#[derive(Clone, Debug)]
pub(crate) struct StatusView {
    pub stage: Stage,
    pub label: String,
}

impl StatusView {
    /// A match's state: "no result yet", "in progress", "complete" or "bye".
    pub(crate) fn of_match(t: &Tr, stage: Stage) -> StatusView {
        StatusView {
            stage,
            label: t.t(&format!("pub-status-{}", stage.code())),
        }
    }

    /// A round's state: "not started", "in progress" or "complete".
    pub(crate) fn of_round(t: &Tr, stage: Stage) -> StatusView {
        StatusView {
            stage,
            label: t.t(&format!("pub-round-{}", stage.code())),
        }
    }

    pub(super) fn code(&self) -> &'static str {
        self.stage.code()
    }
}

/// The progress of every round of an event, by round number.
pub(crate) struct RoundStages(HashMap<i32, Stage>);

impl RoundStages {
    pub(super) fn of(event: &Event, report: &Report) -> RoundStages {
        RoundStages(
            event
                .rounds
                .iter()
                .map(|r| (r.number, Stage::of_round(report, r.number)))
                .collect(),
        )
    }

    pub(super) fn get(&self, round: i32) -> Stage {
        self.0.get(&round).copied().unwrap_or(Stage::NotStarted)
    }

    /// Whether a match at this stage in this round still waits for results that are coming
    /// in: its round is in progress and it is not finished.
    pub(crate) fn awaits(&self, round: i32, stage: Stage) -> bool {
        self.get(round) == Stage::InProgress
            && matches!(stage, Stage::NotStarted | Stage::InProgress)
    }

    /// The rounds in progress, in order: results are coming in.
    pub(super) fn in_progress(&self) -> Vec<i32> {
        let mut rounds: Vec<i32> = self
            .0
            .iter()
            .filter(|(_, p)| **p == Stage::InProgress)
            .map(|(r, _)| *r)
            .collect();
        rounds.sort_unstable();
        rounds
    }
}

#[cfg(test)]
mod tests {
    use super::rules::*;
    use super::*;
    use crate::rules::{
        BandTable, DeckRules, Decks, MatchScoring, MatchStatus, MultiplierPolicy, Preset, Rules,
        ScoringRules, Seat, Settings, TieBreak,
    };
    use crate::web::i18n::Lang;

    fn settings(decks: Decks, rules: Rules, scoring: MatchScoring) -> Settings {
        let win_draw_loss = [3, 1, 0].map(Score::from_whole);
        Settings {
            standing: Default::default(),
            published: true,
            deck_rules: DeckRules::new(decks, rules).unwrap(),
            bottom_multiplier: MultiplierPolicy::Doubling,
            scoring: ScoringRules {
                method: scoring,
                vp_blitz: 5.0,
                win_draw_loss,
                bye_score: ScoringRules::default_bye(scoring, win_draw_loss),
            },
            tiebreaks: vec![TieBreak::PointDiff, TieBreak::HeadToHead],
            ..Settings::for_tests()
        }
    }

    #[test]
    fn every_message_the_pages_pick_by_code_exists() {
        let mut ids: Vec<String> = Vec::new();
        for stage in [
            Stage::NotStarted,
            Stage::InProgress,
            Stage::Complete,
            Stage::Bye,
        ] {
            ids.push(format!("pub-status-{}", stage.code()));
            ids.push(format!("pub-round-{}", stage.code()));
        }
        ids.extend(Preset::ALL.map(|p| format!("pub-preset-{}", p.code())));
        ids.extend(
            TieBreak::DEFAULT.map(|tb| format!("pub-tiebreak-{}", tb.code().replace('_', "-"))),
        );
        ids.extend(Seat::ALL.map(|s| format!("pub-seat-{}", s.code().to_lowercase())));
        ids.extend(
            [MatchScoring::Vp20, MatchScoring::Wdl, MatchScoring::Levels]
                .map(|m| format!("pub-col-score-{}", m.code())),
        );
        for lang in Lang::all() {
            let t = Tr::new(lang);
            for id in &ids {
                assert_ne!(t.t(id), *id, "{id} is missing in {lang:?}");
            }
        }
    }

    #[test]
    fn rules_in_words() {
        let t = Tr::en();
        let one = RulesSummary::of(
            &settings(
                Decks::One,
                Rules::Preset(Preset::Bands20),
                MatchScoring::Wdl,
            ),
            &t,
        );
        assert_eq!(one.decks, "1 deck: 100 card points, 6 cards in the bottom");
        assert_eq!(one.multiplier, "doubling: single ×2");
        assert_eq!(one.scoring, "win 3, draw 1, loss 0");
        assert_eq!(one.bye, "A bye scores 3.");
        assert_eq!(
            one.band_text,
            "20-point bands; the defenders take over from P = 40."
        );
        let bands: Vec<(&str, &str, &str)> = one
            .bands
            .iter()
            .map(|b| (b.points.as_str(), b.score.as_str(), b.wording.as_str()))
            .collect();
        assert_eq!(
            bands,
            [
                ("0", "+3", "declarers up 3"),
                ("5–15", "+2", "declarers up 2"),
                ("20–35", "+1", "declarers up 1"),
                ("40–55", "0", "defenders take over"),
                ("60–75", "\u{2212}1", "defenders take over, up 1"),
                ("80 or more", "\u{2212}2", "defenders take over, up 2"),
            ]
        );

        let custom = BandTable::new(100, vec![(0, 1), (50, 0), (100, -1)], 50).unwrap();
        let three = RulesSummary::of(
            &settings(Decks::Three, Rules::Custom(custom), MatchScoring::Levels),
            &Tr::new(Lang::ZH_HANS),
        );
        assert_eq!(three.decks, "3副牌：共300分，底牌6张");
        assert_eq!(three.band_text, "本赛事自定；闲家总分达到100分即上台。");
        assert_eq!(three.bands[1].wording, "不升级");
        assert_eq!(three.scoring, "以本场级差M计分");
        assert_eq!(three.bye, "轮空得0分。");
        assert_eq!(
            three.multiplier,
            "翻倍：单张 ×2、对子 ×4、2连对拖拉机 ×4、3连对拖拉机 ×4、三张 ×4、2连三张 ×4、3连三张 ×4"
        );

        let order = tiebreaks(
            &settings(
                Decks::Two,
                Rules::Preset(Preset::Standard),
                MatchScoring::Vp20,
            ),
            &t,
        );
        assert_eq!(
            order,
            [
                "point difference",
                "head-to-head: the score in the matches between the tied teams"
            ]
        );
    }

    #[test]
    fn signs_are_typographic() {
        assert_eq!(signed(7), "+7");
        assert_eq!(signed(-5), "\u{2212}5");
        assert_eq!(signed(0), "0");
        assert_eq!(
            score_text(
                &ScoringRules {
                    method: MatchScoring::Levels,
                    vp_blitz: 5.0,
                    win_draw_loss: [2, 1, 0].map(Score::from_whole),
                    bye_score: Score::ZERO,
                },
                Score::from_whole(-3)
            ),
            "\u{2212}3"
        );
        assert_eq!(total_text(Score(3398)), "33.98");
    }

    #[test]
    fn progress_of_matches_and_rounds() {
        use MatchStatus::*;
        let none = MatchFigures::entered(InProgress, 0);
        let some = MatchFigures::entered(InProgress, 2);
        let done = MatchFigures::entered(Complete, 4);
        let bye = MatchFigures::entered(Bye, 0);
        assert_eq!(Stage::of_match(&none), Stage::NotStarted);
        assert_eq!(Stage::of_match(&some), Stage::InProgress);
        assert_eq!(Stage::of_match(&done), Stage::Complete);
        assert_eq!(Stage::of_match(&bye), Stage::Bye);
    }
}
