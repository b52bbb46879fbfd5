//! Match scores: the continuous 20-point VP scale, win/draw/loss and plain levels (docs/rules.md §6).

use std::fmt;
use std::str::FromStr;

use super::cards::{ParseError, expected};

/// A match score in hundredths, so that VP add up and compare exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i64);

impl Score {
    pub const ZERO: Score = Score(0);

    pub fn from_whole(n: i64) -> Score {
        Score(n * 100)
    }

    /// Rounds a real number half away from zero to hundredths.
    pub(crate) fn from_f64(v: f64) -> Score {
        // The nudge keeps a value like 12.345 that f64 holds as 12.34499… on the side the
        // decimal figure means.
        let scaled = v * 100.0;
        let nudged = scaled + scaled.signum() * 1e-7;
        Score(nudged.round() as i64)
    }

    pub fn hundredths(self) -> i64 {
        self.0
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }

    pub(crate) fn is_whole(self) -> bool {
        self.0 % 100 == 0
    }

    /// Two decimals: `12.00`, `-3.50`.
    pub fn two_decimals(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.abs();
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }

    /// A whole number when whole (`2`, `-3`), else two decimals.
    pub fn plain(self) -> String {
        if self.is_whole() {
            (self.0 / 100).to_string()
        } else {
            self.two_decimals()
        }
    }
}

impl std::ops::Add for Score {
    type Output = Score;
    fn add(self, rhs: Score) -> Score {
        Score(self.0 + rhs.0)
    }
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, rhs: Score) {
        self.0 += rhs.0;
    }
}

impl std::ops::Sub for Score {
    type Output = Score;
    fn sub(self, rhs: Score) -> Score {
        Score(self.0 - rhs.0)
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        Score(iter.map(|s| s.0).sum())
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.two_decimals())
    }
}

/// How a match's level difference becomes a match score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MatchScoring {
    #[default]
    Vp20,
    Wdl,
    Levels,
}

impl MatchScoring {
    pub fn code(self) -> &'static str {
        match self {
            MatchScoring::Vp20 => "vp20",
            MatchScoring::Wdl => "wdl",
            MatchScoring::Levels => "levels",
        }
    }
}

impl FromStr for MatchScoring {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "vp20" => Ok(MatchScoring::Vp20),
            "wdl" => Ok(MatchScoring::Wdl),
            "levels" => Ok(MatchScoring::Levels),
            _ => Err(expected("match_scoring", s, "vp20, wdl, levels")),
        }
    }
}

impl fmt::Display for MatchScoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Everything that turns a level difference into match scores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoringRules {
    pub method: MatchScoring,
    /// c in X = c·√N (vp20).
    pub vp_blitz: f64,
    /// Points for a win, a draw and a loss (wdl).
    pub win_draw_loss: [Score; 3],
    pub bye_score: Score,
}

impl ScoringRules {
    /// Whether match scores are written with two decimals (docs/decisions.md, `matches.csv`):
    /// always for vp20; for wdl and levels only when a configured value (the win, draw or
    /// loss points, or the bye score) is fractional, and then every score of the event, so
    /// that a column never mixes `2.50` with `0`.
    pub fn two_decimals(&self) -> bool {
        match self.method {
            MatchScoring::Vp20 => true,
            MatchScoring::Wdl => std::iter::once(self.bye_score)
                .chain(self.win_draw_loss)
                .any(|s| !s.is_whole()),
            MatchScoring::Levels => !self.bye_score.is_whole(),
        }
    }

    /// A match score as the event writes it ([`ScoringRules::two_decimals`]).
    pub fn format(&self, score: Score) -> String {
        if self.two_decimals() {
            score.two_decimals()
        } else {
            score.plain()
        }
    }

    /// The default bye score for a method (docs/rules.md §6): 12 for vp20, a win for wdl, 0 for levels.
    pub(crate) fn default_bye(method: MatchScoring, win_draw_loss: [Score; 3]) -> Score {
        match method {
            MatchScoring::Vp20 => Score::from_whole(12),
            MatchScoring::Wdl => win_draw_loss[0],
            MatchScoring::Levels => Score::ZERO,
        }
    }

    /// The home and away scores for a home level difference `m` over `boards` compared boards.
    pub(crate) fn match_scores(&self, m: i64, boards: u32) -> (Score, Score) {
        match self.method {
            MatchScoring::Vp20 => {
                let winner = vp20_winner(m.unsigned_abs(), boards, self.vp_blitz);
                let loser = Score::from_whole(20) - winner;
                if m >= 0 {
                    (winner, loser)
                } else {
                    (loser, winner)
                }
            }
            MatchScoring::Wdl => {
                let [w, d, l] = self.win_draw_loss;
                match m.signum() {
                    1 => (w, l),
                    0 => (d, d),
                    _ => (l, w),
                }
            }
            MatchScoring::Levels => (Score::from_whole(m), Score::from_whole(-m)),
        }
    }
}

/// The winner's VP on the WBF continuous scale with levels for IMPs: `margin` = |M|.
pub(crate) fn vp20_winner(margin: u64, boards: u32, blitz: f64) -> Score {
    if margin == 0 || boards == 0 {
        return Score::from_whole(10);
    }
    let x = blitz * f64::from(boards).sqrt();
    let r = ((5f64.sqrt() - 1.0) / 2.0).powi(3);
    // A margin past 2⁵³ is as decisive as 2⁵³: the scale is at 20 long before.
    let margin = margin.min(1 << 53) as f64;
    let vp = 10.0 + 10.0 * (1.0 - r.powf(margin / x)) / (1.0 - r);
    Score::from_f64(vp.min(20.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vp(m: i32, n: u32) -> (String, String) {
        let rules = ScoringRules {
            method: MatchScoring::Vp20,
            vp_blitz: 5.0,
            win_draw_loss: [2, 1, 0].map(Score::from_whole),
            bye_score: Score::from_whole(12),
        };
        let (h, a) = rules.match_scores(m.into(), n);
        (h.to_string(), a.to_string())
    }

    #[test]
    fn spec_check_values_for_eight_boards() {
        assert_eq!(vp(1, 8), ("11.27".into(), "8.73".into()));
        assert_eq!(vp(5, 8), ("15.23".into(), "4.77".into()));
        assert_eq!(vp(12, 8), ("19.24".into(), "0.76".into()));
        assert_eq!(vp(-5, 8), ("4.77".into(), "15.23".into()));
        assert_eq!(vp(0, 8), ("10.00".into(), "10.00".into()));
    }

    #[test]
    fn vp_caps_at_twenty_and_always_sums_to_twenty() {
        assert_eq!(vp(100, 8), ("20.00".into(), "0.00".into()));
        for m in -40..=40 {
            for n in [1, 4, 8, 16, 32] {
                let rules = ScoringRules {
                    method: MatchScoring::Vp20,
                    vp_blitz: 5.0,
                    win_draw_loss: [Score::ZERO; 3],
                    bye_score: Score::ZERO,
                };
                let (h, a) = rules.match_scores(m, n);
                assert_eq!(h + a, Score::from_whole(20));
                assert_eq!(h > a, m > 0);
            }
        }
    }

    #[test]
    fn blitz_widens_the_scale() {
        // A larger c spreads the same margin over a longer scale, so it is worth less.
        assert!(vp20_winner(5, 8, 8.0) < vp20_winner(5, 8, 5.0));
        assert!(vp20_winner(5, 16, 5.0) < vp20_winner(5, 8, 5.0));
    }

    #[test]
    fn win_draw_loss_and_levels() {
        let wdl = ScoringRules {
            method: MatchScoring::Wdl,
            vp_blitz: 5.0,
            win_draw_loss: [3, 1, 0].map(Score::from_whole),
            bye_score: Score::from_whole(3),
        };
        assert_eq!(wdl.match_scores(2, 8), (Score::from_whole(3), Score::ZERO));
        assert_eq!(
            wdl.match_scores(0, 8),
            (Score::from_whole(1), Score::from_whole(1))
        );
        assert_eq!(wdl.match_scores(-1, 8), (Score::ZERO, Score::from_whole(3)));
        let levels = ScoringRules {
            method: MatchScoring::Levels,
            ..wdl
        };
        assert_eq!(
            levels.match_scores(-4, 8),
            (Score::from_whole(-4), Score::from_whole(4))
        );
    }

    #[test]
    fn default_byes() {
        let wdl = [2, 1, 0].map(Score::from_whole);
        assert_eq!(
            ScoringRules::default_bye(MatchScoring::Vp20, wdl),
            Score::from_whole(12)
        );
        assert_eq!(
            ScoringRules::default_bye(MatchScoring::Wdl, wdl),
            Score::from_whole(2)
        );
        assert_eq!(
            ScoringRules::default_bye(MatchScoring::Levels, wdl),
            Score::ZERO
        );
    }

    #[test]
    fn formats() {
        assert_eq!(Score(1527).two_decimals(), "15.27");
        assert_eq!(Score(-350).two_decimals(), "-3.50");
        assert_eq!(Score(-5).two_decimals(), "-0.05");
        assert_eq!(Score(200).plain(), "2");
        assert_eq!(Score(-300).plain(), "-3");
        assert_eq!(Score(150).plain(), "1.50");
        let mut wdl = ScoringRules {
            method: MatchScoring::Wdl,
            vp_blitz: 5.0,
            win_draw_loss: [2, 1, 0].map(Score::from_whole),
            bye_score: Score::from_whole(2),
        };
        assert_eq!(wdl.format(Score::ZERO), "0");
        wdl.win_draw_loss[0] = Score(250);
        assert_eq!(
            wdl.format(Score::ZERO),
            "0.00",
            "a fractional win point: every score"
        );
        assert_eq!(wdl.format(Score(250)), "2.50");
        let levels = ScoringRules {
            method: MatchScoring::Levels,
            bye_score: Score(150),
            ..wdl
        };
        assert_eq!(levels.format(Score::from_whole(-3)), "-3.00");
        assert_eq!(Score::from_f64(1.005), Score(101));
        assert_eq!(Score::from_f64(-1.005), Score(-101));
    }
}
