//! A room entered at the table, as a state machine (docs/rules.md, "Entering at the table"):
//! typed states, the events a table or the director causes, and one [`apply`] that returns
//! the next state or a typed refusal. The database stores the state and the count of wrong
//! team codes; the table page and the director's pages ask this module what a room may do.

/// The most wrong team codes a room takes: then it stops taking codes and calls the
/// director (a four-digit code cannot be found by trying in five guesses, 1 in 2,000).
pub const MAX_CODE_FAILURES: i32 = 5;

/// A pair of seats at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    NorthSouth,
    EastWest,
}

impl Side {
    pub fn code(self) -> &'static str {
        match self {
            Side::NorthSouth => "ns",
            Side::EastWest => "ew",
        }
    }

    pub fn parse(text: &str) -> Option<Side> {
        match text.trim() {
            "ns" => Some(Side::NorthSouth),
            "ew" => Some(Side::EastWest),
            _ => None,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }

    /// `NS` / `EW`, for the audit trail.
    pub fn upper(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }
}

/// Where a room's entry stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EntryState {
    /// Nothing entered yet (no row).
    NotStarted,
    /// Some boards entered.
    Entering,
    /// Every board entered: waiting for the opponents to confirm.
    Waiting,
    /// Confirmed by the opponents: the room's results (provisional when the director
    /// approves each room).
    Confirmed,
    /// A board marked "call the director", or too many wrong team codes.
    Disputed,
    /// Approved by the director.
    Approved,
    /// Sent back to the table by the director, with a note.
    Rejected,
    /// Entered or corrected at the desk: closed to the table.
    Desk,
}

impl EntryState {
    pub const ALL: [EntryState; 8] = [
        EntryState::NotStarted,
        EntryState::Entering,
        EntryState::Waiting,
        EntryState::Confirmed,
        EntryState::Disputed,
        EntryState::Approved,
        EntryState::Rejected,
        EntryState::Desk,
    ];

    pub fn code(self) -> &'static str {
        match self {
            EntryState::NotStarted => "not-started",
            EntryState::Entering => "entering",
            EntryState::Waiting => "waiting",
            EntryState::Confirmed => "confirmed",
            EntryState::Disputed => "disputed",
            EntryState::Approved => "approved",
            EntryState::Rejected => "rejected",
            EntryState::Desk => "desk",
        }
    }

    /// Whether a room in this state waits for the director: it called the director, or
    /// (when the director approves each room) it is confirmed, or complete and waiting for
    /// the opponents, which the director may take as it stands.
    pub fn needs_director(self, approval: bool) -> bool {
        match self {
            EntryState::Disputed => true,
            EntryState::Confirmed | EntryState::Waiting => approval,
            _ => false,
        }
    }

    /// The state stored as `text`; `None` for a text that names no state.
    pub fn parse(text: &str) -> Option<EntryState> {
        EntryState::ALL.into_iter().find(|s| s.code() == text)
    }

    /// The state a room shows, from its stored state and whether it has stored results: a
    /// room with results that were not confirmed or approved at the table was entered at
    /// the desk; a confirmed room whose results the desk took away again starts afresh.
    pub fn shown(stored: Option<EntryState>, has_results: bool) -> EntryState {
        match stored {
            Some(s @ (EntryState::Confirmed | EntryState::Approved)) if has_results => s,
            _ if has_results => EntryState::Desk,
            Some(EntryState::Confirmed | EntryState::Approved | EntryState::Desk) | None => {
                EntryState::NotStarted
            }
            Some(s) => s,
        }
    }
}

/// What a room's table may still do besides its state: whether the tournament takes
/// entries at the table, whether the round is locked, whether the room has stored results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gate {
    pub table_entry: bool,
    pub locked: bool,
    pub has_results: bool,
}

/// A room as stored: its state, who entered it, the wrong codes it was sent and whether
/// it carries the table's ⚑ (boards marked "call the director").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomEntry {
    pub state: EntryState,
    pub entered_by: Option<Side>,
    pub code_failures: i32,
    /// The ⚑ stays through every later event (a new save, a confirmation, sending back,
    /// approving) until the director clears it ([`RoomEvent::FlagsCleared`]): a call that
    /// was answered by sending the room back is still seen at the next look.
    pub flagged: bool,
}

impl RoomEntry {
    /// A room nobody has entered.
    pub const NEW: RoomEntry = RoomEntry {
        state: EntryState::NotStarted,
        entered_by: None,
        code_failures: 0,
        flagged: false,
    };

    /// Whether the director's "approve every confirmed room without flags or calls" takes
    /// this room: confirmed at the table with its results stored, no ⚑, no wrong code
    /// (a room that called the director is disputed, never confirmed).
    pub fn approvable_in_bulk(&self, has_results: bool) -> bool {
        self.state == EntryState::Confirmed
            && has_results
            && !self.flagged
            && self.code_failures == 0
    }
}

/// Why a room no longer takes the table's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    /// Table-side entry is off for the tournament.
    Off,
    /// The director has locked the round.
    Locked,
    /// The room has results: confirmed, approved, or entered at the desk.
    Done,
    /// A board is waiting for the director (or too many wrong codes were sent).
    Disputed,
}

/// What happens to a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomEvent {
    /// A side saved its entry; `complete` when every board is entered.
    Saved { by: Side, complete: bool },
    /// A side asks to confirm the other side's entry; `code_right` is whether the team code
    /// it typed is right (true when the tournament asks for none).
    Confirm { by: Side, code_right: bool },
    /// A side marked boards "call the director".
    Called,
    /// The director accepts the entry.
    Approved,
    /// The director sends the entry back to the table.
    SentBack,
    /// The director entered or corrected the room at the desk.
    CorrectedAtDesk,
    /// The director clears the room's ⚑ (the call is answered).
    FlagsCleared,
}

/// Why an event was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Closed(Closed),
    /// There is no complete entry to confirm.
    Incomplete,
    /// The side that entered cannot confirm its own entry.
    SameSide,
    /// The team code was wrong; `left` more tries before the room calls the director.
    WrongCode {
        left: i32,
    },
    /// The code was wrong for the last time: the room now calls the director.
    CodesExhausted,
    /// Nothing the director can judge in this state.
    NothingToJudge,
}

/// What an event does to a room: its next stored state and what becomes of its results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    pub next: RoomEntry,
    pub results: Results,
}

/// What a transition does to the room's stored results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Results {
    /// They stay as they are.
    Keep,
    /// The entry becomes the room's results.
    Save,
    /// The room's results are taken away (sent back after a confirmation).
    Remove,
}

/// Whether (and why not) the room takes its table's entries.
pub fn closed(room: &RoomEntry, gate: Gate) -> Option<Closed> {
    if !gate.table_entry {
        return Some(Closed::Off);
    }
    if gate.locked {
        return Some(Closed::Locked);
    }
    if gate.has_results {
        return Some(Closed::Done);
    }
    match room.state {
        EntryState::Disputed => Some(Closed::Disputed),
        EntryState::Confirmed | EntryState::Approved | EntryState::Desk => Some(Closed::Done),
        _ => None,
    }
}

/// The room after `event`, or why the event is refused. A refusal that changes the room
/// (a wrong code is counted) comes back as `Ok` with the refusal in [`Outcome::refused`].
pub fn apply(room: &RoomEntry, gate: Gate, event: RoomEvent) -> Result<Outcome, Refusal> {
    let keep = |state: EntryState| Outcome::to(RoomEntry { state, ..*room }, Results::Keep);
    match event {
        RoomEvent::Saved { by, complete } => {
            if let Some(why) = closed(room, gate) {
                return Err(Refusal::Closed(why));
            }
            let state = if complete {
                EntryState::Waiting
            } else {
                EntryState::Entering
            };
            Ok(Outcome::to(
                RoomEntry {
                    state,
                    entered_by: Some(by),
                    // A new entry is a new thing to confirm: the count starts again.
                    code_failures: 0,
                    flagged: room.flagged,
                },
                Results::Keep,
            ))
        }
        RoomEvent::Called => match closed(room, gate) {
            Some(why) => Err(Refusal::Closed(why)),
            None if room.state == EntryState::NotStarted => Err(Refusal::Incomplete),
            None => Ok(Outcome::to(
                RoomEntry {
                    state: EntryState::Disputed,
                    flagged: true,
                    ..*room
                },
                Results::Keep,
            )),
        },
        RoomEvent::Confirm { by, code_right } => {
            if let Some(why) = closed(room, gate) {
                return Err(Refusal::Closed(why));
            }
            if room.state != EntryState::Waiting {
                return Err(Refusal::Incomplete);
            }
            if room.entered_by == Some(by) {
                return Err(Refusal::SameSide);
            }
            if !code_right {
                let failures = room.code_failures + 1;
                let (state, refused) = if failures >= MAX_CODE_FAILURES {
                    (EntryState::Disputed, Refusal::CodesExhausted)
                } else {
                    (
                        room.state,
                        Refusal::WrongCode {
                            left: MAX_CODE_FAILURES - failures,
                        },
                    )
                };
                return Ok(Outcome {
                    refused: Some(refused),
                    ..Outcome::to(
                        RoomEntry {
                            state,
                            code_failures: failures,
                            ..*room
                        },
                        Results::Keep,
                    )
                });
            }
            Ok(Outcome::to(
                RoomEntry {
                    state: EntryState::Confirmed,
                    ..*room
                },
                Results::Save,
            ))
        }
        RoomEvent::Approved => match room.state {
            EntryState::Confirmed if gate.has_results => Ok(keep(EntryState::Approved)),
            EntryState::Waiting | EntryState::Disputed | EntryState::Rejected
                if !gate.has_results && room.entered_by.is_some() =>
            {
                Ok(Outcome::to(
                    RoomEntry {
                        state: EntryState::Approved,
                        ..*room
                    },
                    Results::Save,
                ))
            }
            _ => Err(Refusal::NothingToJudge),
        },
        RoomEvent::SentBack => {
            if room.state == EntryState::NotStarted {
                return Err(Refusal::NothingToJudge);
            }
            let results = if matches!(room.state, EntryState::Confirmed | EntryState::Approved)
                && gate.has_results
            {
                Results::Remove
            } else {
                Results::Keep
            };
            Ok(Outcome::to(
                RoomEntry {
                    state: EntryState::Rejected,
                    code_failures: 0,
                    ..*room
                },
                results,
            ))
        }
        RoomEvent::CorrectedAtDesk => Ok(keep(EntryState::Desk)),
        RoomEvent::FlagsCleared if room.flagged => Ok(Outcome::to(
            RoomEntry {
                flagged: false,
                ..*room
            },
            Results::Keep,
        )),
        RoomEvent::FlagsCleared => Err(Refusal::NothingToJudge),
    }
}

/// The result of [`apply`]: the transition, and a refusal the table is told about although
/// the room changed (a wrong code counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub transition: Transition,
    pub refused: Option<Refusal>,
}

impl Outcome {
    fn to(next: RoomEntry, results: Results) -> Outcome {
        Outcome {
            transition: Transition { next, results },
            refused: None,
        }
    }

    pub fn next(&self) -> RoomEntry {
        self.transition.next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPEN: Gate = Gate {
        table_entry: true,
        locked: false,
        has_results: false,
    };

    fn waiting(by: Side) -> RoomEntry {
        RoomEntry {
            state: EntryState::Waiting,
            entered_by: Some(by),
            code_failures: 0,
            flagged: false,
        }
    }

    #[test]
    fn states_round_trip_through_their_codes_and_unknown_text_is_none() {
        for s in EntryState::ALL {
            assert_eq!(EntryState::parse(s.code()), Some(s));
        }
        assert_eq!(EntryState::parse("confirmd"), None);
    }

    #[test]
    fn a_table_enters_and_the_opponents_confirm() {
        let ns = Side::NorthSouth;
        let part = apply(
            &RoomEntry::NEW,
            OPEN,
            RoomEvent::Saved {
                by: ns,
                complete: false,
            },
        )
        .unwrap();
        assert_eq!(part.next().state, EntryState::Entering);
        let full = apply(
            &part.next(),
            OPEN,
            RoomEvent::Saved {
                by: ns,
                complete: true,
            },
        )
        .unwrap()
        .next();
        assert_eq!(full, waiting(ns));
        // The side that entered cannot confirm its own entry.
        let own = RoomEvent::Confirm {
            by: ns,
            code_right: true,
        };
        assert_eq!(apply(&full, OPEN, own), Err(Refusal::SameSide));
        let theirs = RoomEvent::Confirm {
            by: Side::EastWest,
            code_right: true,
        };
        let done = apply(&full, OPEN, theirs).unwrap();
        assert_eq!(done.next().state, EntryState::Confirmed);
        assert_eq!(done.transition.results, Results::Save);
        // Confirmed and saved: the room is closed to its table.
        let saved = Gate {
            has_results: true,
            ..OPEN
        };
        assert_eq!(
            apply(
                &done.next(),
                saved,
                RoomEvent::Saved {
                    by: ns,
                    complete: true
                }
            ),
            Err(Refusal::Closed(Closed::Done))
        );
    }

    #[test]
    fn wrong_codes_are_counted_and_the_fifth_calls_the_director() {
        let mut room = waiting(Side::NorthSouth);
        let guess = RoomEvent::Confirm {
            by: Side::EastWest,
            code_right: false,
        };
        for left in (1..MAX_CODE_FAILURES).rev() {
            let out = apply(&room, OPEN, guess).unwrap();
            assert_eq!(out.refused, Some(Refusal::WrongCode { left }));
            assert_eq!(out.transition.results, Results::Keep);
            room = out.next();
        }
        let out = apply(&room, OPEN, guess).unwrap();
        assert_eq!(out.refused, Some(Refusal::CodesExhausted));
        room = out.next();
        assert_eq!(room.state, EntryState::Disputed);
        assert_eq!(room.code_failures, MAX_CODE_FAILURES);
        // Even the right code is refused now: only the director can open the room again.
        let right = RoomEvent::Confirm {
            by: Side::EastWest,
            code_right: true,
        };
        assert_eq!(
            apply(&room, OPEN, right),
            Err(Refusal::Closed(Closed::Disputed))
        );
        let back = apply(&room, OPEN, RoomEvent::SentBack).unwrap().next();
        assert_eq!((back.state, back.code_failures), (EntryState::Rejected, 0));
        // The director may also accept the entry as it stands.
        let approved = apply(&room, OPEN, RoomEvent::Approved).unwrap();
        assert_eq!(approved.transition.results, Results::Save);
    }

    #[test]
    fn the_director_judges_and_the_desk_wins() {
        let saved = Gate {
            has_results: true,
            ..OPEN
        };
        let confirmed = RoomEntry {
            state: EntryState::Confirmed,
            ..waiting(Side::EastWest)
        };
        let approved = apply(&confirmed, saved, RoomEvent::Approved).unwrap();
        assert_eq!(approved.next().state, EntryState::Approved);
        assert_eq!(approved.transition.results, Results::Keep);
        let back = apply(&confirmed, saved, RoomEvent::SentBack).unwrap();
        assert_eq!(back.transition.results, Results::Remove);
        assert_eq!(
            apply(&RoomEntry::NEW, OPEN, RoomEvent::Approved),
            Err(Refusal::NothingToJudge)
        );
        let desk = apply(&confirmed, saved, RoomEvent::CorrectedAtDesk).unwrap();
        assert_eq!(desk.next().state, EntryState::Desk);
        let locked = Gate {
            locked: true,
            ..OPEN
        };
        assert_eq!(
            apply(&RoomEntry::NEW, locked, RoomEvent::Called),
            Err(Refusal::Closed(Closed::Locked))
        );
    }

    #[test]
    fn the_flag_stays_until_the_director_clears_it() {
        let saved = Gate {
            has_results: true,
            ..OPEN
        };
        let called = apply(&waiting(Side::NorthSouth), OPEN, RoomEvent::Called)
            .unwrap()
            .next();
        assert_eq!((called.state, called.flagged), (EntryState::Disputed, true));
        // Sent back: the table may enter again, the ⚑ is still there.
        let back = apply(&called, OPEN, RoomEvent::SentBack).unwrap().next();
        assert_eq!((back.state, back.flagged), (EntryState::Rejected, true));
        // Entered again and confirmed: still flagged, so approving all passes it by.
        let again = apply(
            &back,
            OPEN,
            RoomEvent::Saved {
                by: Side::NorthSouth,
                complete: true,
            },
        )
        .unwrap()
        .next();
        assert!(again.flagged);
        let theirs = RoomEvent::Confirm {
            by: Side::EastWest,
            code_right: true,
        };
        let confirmed = apply(&again, OPEN, theirs).unwrap().next();
        assert_eq!(confirmed.state, EntryState::Confirmed);
        assert!(confirmed.flagged);
        assert!(!confirmed.approvable_in_bulk(true));
        let approved = apply(&confirmed, saved, RoomEvent::Approved)
            .unwrap()
            .next();
        assert!(
            approved.flagged,
            "approving does not answer the call by itself"
        );
        // Only the director's clearing takes it away, and only once.
        let cleared = apply(&confirmed, saved, RoomEvent::FlagsCleared)
            .unwrap()
            .next();
        assert_eq!(
            (cleared.state, cleared.flagged),
            (EntryState::Confirmed, false)
        );
        assert!(cleared.approvable_in_bulk(true));
        assert_eq!(
            apply(&cleared, saved, RoomEvent::FlagsCleared),
            Err(Refusal::NothingToJudge)
        );
    }

    #[test]
    fn approving_all_takes_only_clean_confirmed_rooms_with_results() {
        let confirmed = RoomEntry {
            state: EntryState::Confirmed,
            ..waiting(Side::EastWest)
        };
        assert!(confirmed.approvable_in_bulk(true));
        // The desk took its results away meanwhile.
        assert!(!confirmed.approvable_in_bulk(false));
        let guessed = RoomEntry {
            code_failures: 1,
            ..confirmed
        };
        assert!(!guessed.approvable_in_bulk(true));
        for state in EntryState::ALL {
            if state != EntryState::Confirmed {
                let room = RoomEntry { state, ..confirmed };
                assert!(!room.approvable_in_bulk(true), "{state:?}");
            }
        }
    }

    #[test]
    fn a_call_always_needs_the_director_a_confirmation_only_with_approval() {
        use EntryState as S;
        assert!(S::Disputed.needs_director(false));
        assert!(S::Confirmed.needs_director(true) && !S::Confirmed.needs_director(false));
        assert!(S::Waiting.needs_director(true));
        for s in [
            S::NotStarted,
            S::Entering,
            S::Approved,
            S::Rejected,
            S::Desk,
        ] {
            assert!(!s.needs_director(true), "{s:?}");
        }
    }

    #[test]
    fn what_a_room_shows_follows_its_results() {
        use EntryState as S;
        assert_eq!(S::shown(Some(S::Confirmed), true), S::Confirmed);
        assert_eq!(S::shown(Some(S::Waiting), true), S::Desk);
        assert_eq!(S::shown(None, true), S::Desk);
        assert_eq!(S::shown(Some(S::Confirmed), false), S::NotStarted);
        assert_eq!(S::shown(Some(S::Disputed), false), S::Disputed);
        assert_eq!(S::shown(None, false), S::NotStarted);
    }
}
