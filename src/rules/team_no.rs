//! A team's number: a leaf of the rules, so that settings (a stage's groups) can name
//! teams without reaching the event.

/// A team's number within its tournament: the name the schedule, the results and the
/// standings know it by. Not a table number and not a board number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TeamNo(pub i32);

impl TeamNo {
    /// The number as stored and written (a database column, a CSV cell).
    pub fn get(self) -> i32 {
        self.0
    }
}

impl std::fmt::Display for TeamNo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
