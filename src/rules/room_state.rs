//! A room entered at the table, as a state machine (docs/rules.md, "Entering at the table"):
//! typed states, the events a table or the director causes, and one [`apply`] that returns
//! the next state or a typed refusal. The database stores the state and the count of wrong
//! team codes; the table page and the director's pages ask this module what a room may do,
//! and decide none of it themselves:
//!
//! - what a room shows ([`EntryState::shown`]) and whether it takes its table ([`closed`]);
//! - what a table page offers a device: enter, open (give a code to see the entry), confirm,
//!   and whether it sees the figures ([`offer`]);
//! - what the director may do with a room: approve, send back, clear its ⚑ ([`verdicts`]),
//!   and which rooms "approve every clean room" takes ([`RoomEntry::approvable_in_bulk`]).
//!
//! Every answer is [`apply`]'s: a question is an event the machine would take.

/// The most wrong team codes a room takes in its round, counted together however they
/// were sent (with a save, a confirmation or to see the entry) and never reset by a new
/// save, a sending back or new links: then only the director makes the room's result
/// (a six-digit code is hit by five guesses once in 200,000).
pub(crate) const MAX_CODE_FAILURES: i32 = 5;

/// How a table's request shows which side it speaks for. The side is never what a form
/// says: it is the side whose team's code was typed, or the device bound to the entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proof {
    /// The code typed is the code of the team sitting at this side of this room.
    Code(Side),
    /// A code was typed and it is neither team's code of this room.
    WrongCode,
    /// No code, from the device that saved the entry (bound at its save).
    EnteringDevice,
    /// No code, from the device on which the side that did not enter gave its code.
    ConfirmingDevice,
    /// No code, from a device the room does not know.
    Nothing,
}

/// Which device a transition binds to the room's entry (the device that sent the event).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bind {
    /// The device now speaks for the side that entered: it sees the figures and saves
    /// without a code.
    Entering,
    /// The device speaks for the side that did not enter: it sees the figures and confirms
    /// without a code.
    Confirming,
}

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
    pub(crate) fn needs_director(self, approval: bool) -> bool {
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
    /// the desk; a room closed as done whose results were taken away again (cleared at the
    /// desk) stays the desk's, as [`closed`] keeps it, until the director sends it back.
    /// The table page and the director's pages show this state, locked or not.
    pub fn shown(stored: Option<EntryState>, has_results: bool) -> EntryState {
        match stored {
            Some(s @ (EntryState::Confirmed | EntryState::Approved)) if has_results => s,
            _ if has_results => EntryState::Desk,
            Some(EntryState::Confirmed | EntryState::Approved | EntryState::Desk) => {
                EntryState::Desk
            }
            None => EntryState::NotStarted,
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
    pub(crate) has_results: bool,
}

impl Gate {
    /// The gate the director's verdicts pass: the director judges whatever the table may
    /// do (entry off or the round locked), so only the room's results count.
    pub fn director(has_results: bool) -> Gate {
        Gate {
            table_entry: true,
            locked: false,
            has_results,
        }
    }
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
    /// (a room that called the director is disputed, never confirmed), and one the
    /// director may approve ([`verdicts`]).
    pub(crate) fn approvable_in_bulk(&self, has_results: bool) -> bool {
        self.state == EntryState::Confirmed
            && !self.flagged
            && self.code_failures == 0
            && verdicts(self, has_results, true).approve
    }

    /// Whether the director's "approve every clean room" passes this room by although its
    /// table confirmed it: it shows as confirmed (its results stored) and is not
    /// [`approvable_in_bulk`](RoomEntry::approvable_in_bulk) (a ⚑, a wrong code, or a
    /// room the director may not approve as it stands). The hall counts these rooms.
    pub(crate) fn held_back(&self, has_results: bool) -> bool {
        self.shown(has_results) == EntryState::Confirmed && !self.approvable_in_bulk(has_results)
    }

    /// The state the room shows ([`EntryState::shown`]); `has_results`: it has stored
    /// results.
    pub fn shown(&self, has_results: bool) -> EntryState {
        EntryState::shown(Some(self.state), has_results)
    }

    /// Whether the table has saved an entry (a row that only counts wrong codes has not).
    pub fn entered(&self) -> bool {
        self.state != EntryState::NotStarted
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
    /// A board is waiting for the director.
    Disputed,
    /// Too many wrong team codes this round: only the director makes the room's result.
    Codes,
}

/// What happens to a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoomEvent {
    /// A table saved an entry; `complete` when every board is entered. The side that
    /// entered is the one the proof names.
    Saved { proof: Proof, complete: bool },
    /// A table asks to confirm the entry: only the side that did not enter may.
    Confirm { proof: Proof },
    /// A device asks to see the entry's figures (a second phone at the table, the
    /// opponents' own phone): with a team's code it is bound for that side.
    Opened { proof: Proof },
    /// A side marked boards "call the director".
    Called,
    /// The director accepts the entry. `complete`: the table's entry holds every board of
    /// the round (an entry without results becomes them only whole).
    Approved { complete: bool },
    /// The director sends the entry back to the table.
    SentBack,
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
    /// No team code was typed, and the device is not one the entry is bound to.
    CodeNeeded,
    /// The team code was wrong; `left` more tries before the room calls the director.
    WrongCode {
        left: i32,
    },
    /// The code was wrong for the last time: the room now calls the director.
    CodesExhausted,
    /// Nothing the director can judge in this state.
    NothingToJudge,
    /// The match's results were saved meanwhile (the save's version check): nothing was
    /// stored, the room is as it was.
    Stale,
}

/// What an event does to a room: its next stored state, what becomes of its results and
/// which device it binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Transition {
    pub next: RoomEntry,
    pub results: Results,
    pub bind: Option<Bind>,
}

/// What a transition does to the room's stored results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Results {
    /// They stay as they are.
    Keep,
    /// The entry becomes the room's results.
    Save,
    /// The room's results are taken away (sent back after a confirmation).
    Remove,
}

/// Whether (and why not) the room takes its table's entries.
pub(crate) fn closed(room: &RoomEntry, gate: Gate) -> Option<Closed> {
    if !gate.table_entry {
        return Some(Closed::Off);
    }
    if gate.locked {
        return Some(Closed::Locked);
    }
    if gate.has_results {
        return Some(Closed::Done);
    }
    if room.code_failures >= MAX_CODE_FAILURES {
        return Some(Closed::Codes);
    }
    match room.state {
        EntryState::Disputed => Some(Closed::Disputed),
        EntryState::Confirmed | EntryState::Approved | EntryState::Desk => Some(Closed::Done),
        _ => None,
    }
}

/// The room after `event`, or why the event is refused. A refusal that changes the room
/// (a wrong code is counted) comes back as `Ok` with the refusal in [`Outcome::refused`].
pub(crate) fn apply(room: &RoomEntry, gate: Gate, event: RoomEvent) -> Result<Outcome, Refusal> {
    let keep = |state: EntryState| Outcome::to(RoomEntry { state, ..*room }, Results::Keep);
    match event {
        RoomEvent::Saved { proof, complete } => {
            if let Some(why) = closed(room, gate) {
                return Err(Refusal::Closed(why));
            }
            let (by, bind) = match (proof, room.entered_by) {
                (Proof::WrongCode, _) => return Ok(wrong_code(room)),
                (Proof::Code(side), _) => (side, Some(Bind::Entering)),
                (Proof::EnteringDevice, Some(side)) => (side, None),
                (Proof::ConfirmingDevice, Some(side)) => (side.other(), Some(Bind::Entering)),
                _ => return Err(Refusal::CodeNeeded),
            };
            let state = if complete {
                EntryState::Waiting
            } else {
                EntryState::Entering
            };
            // The count of wrong codes stays: a new save is no new chance to guess.
            let next = RoomEntry {
                state,
                entered_by: Some(by),
                ..*room
            };
            Ok(Outcome::to(next, Results::Keep).binding(bind))
        }
        RoomEvent::Opened { proof } => {
            if let Some(why) = closed(room, gate) {
                return Err(Refusal::Closed(why));
            }
            let bind = match (proof, room.entered_by) {
                (Proof::WrongCode, _) => return Ok(wrong_code(room)),
                (Proof::Nothing, _) => return Err(Refusal::CodeNeeded),
                (_, None) => return Err(Refusal::Incomplete),
                (Proof::Code(side), Some(by)) if side == by => Some(Bind::Entering),
                (Proof::Code(_), Some(_)) => Some(Bind::Confirming),
                (Proof::EnteringDevice | Proof::ConfirmingDevice, _) => None,
            };
            Ok(Outcome::to(*room, Results::Keep).binding(bind))
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
        RoomEvent::Confirm { proof } => {
            if let Some(why) = closed(room, gate) {
                return Err(Refusal::Closed(why));
            }
            match proof {
                Proof::WrongCode => return Ok(wrong_code(room)),
                Proof::Nothing => return Err(Refusal::CodeNeeded),
                _ => {}
            }
            if room.state != EntryState::Waiting {
                return Err(Refusal::Incomplete);
            }
            let own = match proof {
                Proof::Code(side) => room.entered_by == Some(side),
                Proof::EnteringDevice => true,
                _ => false,
            };
            if own {
                return Err(Refusal::SameSide);
            }
            Ok(Outcome::to(
                RoomEntry {
                    state: EntryState::Confirmed,
                    ..*room
                },
                Results::Save,
            ))
        }
        RoomEvent::Approved { complete } => match room.state {
            EntryState::Confirmed if gate.has_results => Ok(keep(EntryState::Approved)),
            EntryState::Waiting | EntryState::Disputed | EntryState::Rejected
                if !gate.has_results && room.entered_by.is_some() && !complete =>
            {
                Err(Refusal::Incomplete)
            }
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
            // A room past its wrong codes is the director's to finish: the table may not
            // enter it again this round.
            if room.state == EntryState::NotStarted || room.code_failures >= MAX_CODE_FAILURES {
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
                    ..*room
                },
                results,
            ))
        }
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

/// Whether the room takes `event` now: [`apply`] would store it, not refuse it (a wrong
/// code, counted, is a refusal too).
pub(crate) fn takes(room: &RoomEntry, gate: Gate, event: RoomEvent) -> bool {
    apply(room, gate, event).is_ok_and(|out| out.refused.is_none())
}

/// What a table page offers a device in a room, and what it shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Offer {
    /// Why the room takes nothing from its table now.
    pub closed: Option<Closed>,
    /// The device sees the entry's figures (and the room's results): it is the one that
    /// saved the entry, or the one on which the other side gave its code (docs/rules.md
    /// §5). Any other device sees the teams, the line-ups and the state, never a figure.
    pub sees: bool,
    /// The entry form: a room nobody entered yet, or a device that sees the entry (an
    /// entry is never typed over by a device that cannot see it).
    pub enter: bool,
    /// The entry form asks for the team code (the device is not bound to the entry).
    pub(crate) enter_needs_code: bool,
    /// The room has an entry this device may not see: it may give its team's code to.
    pub open: bool,
    /// The opponents' confirmation, on a device that sees the entry.
    pub confirm: bool,
    /// The confirmation asks for the opponents' code (on the device that entered).
    pub(crate) confirm_needs_code: bool,
}

/// What a table page offers the device bound to the room's entry as `device` (`None`: a
/// device the entry does not know), each answer an event the machine would take.
pub(crate) fn offer(room: &RoomEntry, gate: Gate, device: Option<Bind>) -> Offer {
    // A binding counts only for an entry that was saved.
    let device = device.filter(|_| room.entered());
    let typed = |side: Side| Proof::Code(side);
    let own = match device {
        Some(Bind::Entering) => Proof::EnteringDevice,
        Some(Bind::Confirming) => Proof::ConfirmingDevice,
        None => typed(Side::NorthSouth),
    };
    let save = RoomEvent::Saved {
        proof: own,
        complete: false,
    };
    let opponents = room.entered_by.map_or(Side::EastWest, Side::other);
    let confirm = RoomEvent::Confirm {
        proof: match device {
            Some(Bind::Confirming) => Proof::ConfirmingDevice,
            _ => typed(opponents),
        },
    };
    let look = RoomEvent::Opened {
        proof: typed(Side::NorthSouth),
    };
    Offer {
        closed: closed(room, gate),
        sees: device.is_some(),
        enter: (!room.entered() || device.is_some()) && takes(room, gate, save),
        enter_needs_code: device.is_none(),
        open: room.entered() && device.is_none() && takes(room, gate, look),
        confirm: device.is_some() && takes(room, gate, confirm),
        confirm_needs_code: device == Some(Bind::Entering),
    }
}

/// What the director may do with a room now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdicts {
    /// Approve it: take the table's entry as the room's results, or make a confirmed
    /// room's results final.
    pub approve: bool,
    /// Send it back to its table (not once its wrong codes are spent).
    pub(crate) send_back: bool,
    /// Clear its ⚑.
    pub(crate) clear_flags: bool,
}

/// What the director may do with `room` (`has_results`: the room has stored results;
/// `complete`: the table's entry holds every board of the round).
pub(crate) fn verdicts(room: &RoomEntry, has_results: bool, complete: bool) -> Verdicts {
    let gate = Gate::director(has_results);
    Verdicts {
        approve: takes(room, gate, RoomEvent::Approved { complete }),
        send_back: takes(room, gate, RoomEvent::SentBack),
        clear_flags: takes(room, gate, RoomEvent::FlagsCleared),
    }
}

/// The result of [`apply`]: the transition, and a refusal the table is told about although
/// the room changed (a wrong code counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    pub(crate) transition: Transition,
    pub refused: Option<Refusal>,
}

/// A wrong code counted against `room`: fewer tries left, or the last one, which leaves
/// the room to the director.
fn wrong_code(room: &RoomEntry) -> Outcome {
    let failures = room.code_failures + 1;
    let (state, refused) = if failures >= MAX_CODE_FAILURES {
        (EntryState::Disputed, Refusal::CodesExhausted)
    } else {
        let left = MAX_CODE_FAILURES - failures;
        (room.state, Refusal::WrongCode { left })
    };
    let next = RoomEntry {
        state,
        code_failures: failures,
        ..*room
    };
    Outcome {
        refused: Some(refused),
        ..Outcome::to(next, Results::Keep)
    }
}

impl Outcome {
    fn to(next: RoomEntry, results: Results) -> Outcome {
        Outcome {
            transition: Transition {
                next,
                results,
                bind: None,
            },
            refused: None,
        }
    }

    fn binding(mut self, bind: Option<Bind>) -> Outcome {
        self.transition.bind = bind;
        self
    }

    pub(crate) fn next(&self) -> RoomEntry {
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

    const APPROVE: RoomEvent = RoomEvent::Approved { complete: true };

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
                proof: Proof::Code(ns),
                complete: false,
            },
        )
        .unwrap();
        assert_eq!(part.next().state, EntryState::Entering);
        let full = apply(
            &part.next(),
            OPEN,
            RoomEvent::Saved {
                proof: Proof::EnteringDevice,
                complete: true,
            },
        )
        .unwrap()
        .next();
        assert_eq!(full, waiting(ns));
        // The side that entered cannot confirm its own entry.
        let own = RoomEvent::Confirm {
            proof: Proof::Code(ns),
        };
        assert_eq!(apply(&full, OPEN, own), Err(Refusal::SameSide));
        let theirs = RoomEvent::Confirm {
            proof: Proof::Code(Side::EastWest),
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
                    proof: Proof::Code(ns),
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
            proof: Proof::WrongCode,
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
        // Even the right code is refused now, and the director cannot hand the room back to
        // the table: only the director makes its result.
        let right = RoomEvent::Confirm {
            proof: Proof::Code(Side::EastWest),
        };
        assert_eq!(
            apply(&room, OPEN, right),
            Err(Refusal::Closed(Closed::Codes))
        );
        assert_eq!(
            apply(&room, OPEN, RoomEvent::SentBack),
            Err(Refusal::NothingToJudge)
        );
        // The director may also accept the entry as it stands.
        let approved = apply(&room, OPEN, APPROVE).unwrap();
        assert_eq!(approved.transition.results, Results::Save);
    }

    #[test]
    fn a_new_save_or_a_sending_back_does_not_reset_the_wrong_codes() {
        // The entering phone re-saves after every few guesses, as one that tries to force
        // the opponents' code would: the count goes on until the room is the director's.
        let mut room = waiting(Side::NorthSouth);
        let save = RoomEvent::Saved {
            proof: Proof::EnteringDevice,
            complete: true,
        };
        let guess = RoomEvent::Confirm {
            proof: Proof::WrongCode,
        };
        let mut guesses = 0;
        'cycle: for _ in 0..10 {
            room = apply(&room, OPEN, save).unwrap().next();
            for _ in 0..4 {
                match apply(&room, OPEN, guess) {
                    Ok(out) => {
                        guesses += 1;
                        room = out.next();
                    }
                    Err(refused) => {
                        assert_eq!(refused, Refusal::Closed(Closed::Codes));
                        break 'cycle;
                    }
                }
            }
        }
        assert_eq!(guesses, MAX_CODE_FAILURES);
        assert_eq!(room.code_failures, MAX_CODE_FAILURES);
        assert_eq!(
            apply(&room, OPEN, save),
            Err(Refusal::Closed(Closed::Codes))
        );
        // Wrong codes sent with a save and to see the entry count with the others.
        let mut room = waiting(Side::NorthSouth);
        for event in [
            RoomEvent::Saved {
                proof: Proof::WrongCode,
                complete: true,
            },
            RoomEvent::Opened {
                proof: Proof::WrongCode,
            },
            guess,
        ] {
            room = apply(&room, OPEN, event).unwrap().next();
        }
        assert_eq!(room.code_failures, 3);
        assert_eq!(
            room.state,
            EntryState::Waiting,
            "a wrong code saves nothing"
        );
        // Sent back by the director: the count stays.
        let back = apply(&room, OPEN, RoomEvent::SentBack).unwrap().next();
        assert_eq!((back.state, back.code_failures), (EntryState::Rejected, 3));
        let again = apply(&back, OPEN, save).unwrap().next();
        assert_eq!(again.code_failures, 3);
        // A room nobody entered yet counts too.
        let fresh = apply(
            &RoomEntry::NEW,
            OPEN,
            RoomEvent::Saved {
                proof: Proof::WrongCode,
                complete: false,
            },
        )
        .unwrap();
        assert_eq!(fresh.refused, Some(Refusal::WrongCode { left: 4 }));
        assert_eq!(fresh.next().state, EntryState::NotStarted);
    }

    #[test]
    fn the_side_is_the_codes_never_the_forms() {
        let ns = Side::NorthSouth;
        // The first save binds the phone for the side whose code it gave.
        let first = apply(
            &RoomEntry::NEW,
            OPEN,
            RoomEvent::Saved {
                proof: Proof::Code(ns),
                complete: true,
            },
        )
        .unwrap();
        assert_eq!(first.transition.bind, Some(Bind::Entering));
        let room = first.next();
        assert_eq!(room.entered_by, Some(ns));
        // Without a code and unbound, a phone can neither save nor confirm nor look.
        for event in [
            RoomEvent::Saved {
                proof: Proof::Nothing,
                complete: true,
            },
            RoomEvent::Confirm {
                proof: Proof::Nothing,
            },
            RoomEvent::Opened {
                proof: Proof::Nothing,
            },
        ] {
            assert_eq!(apply(&room, OPEN, event), Err(Refusal::CodeNeeded));
        }
        // The entering phone confirms with its own team's code, posing as the opponents:
        // the code names its own side, refused (and not counted as a guess).
        for proof in [Proof::Code(ns), Proof::EnteringDevice] {
            assert_eq!(
                apply(&room, OPEN, RoomEvent::Confirm { proof }),
                Err(Refusal::SameSide)
            );
        }
        // The opponents' code on another phone binds it for confirming, then it confirms.
        let opened = apply(
            &room,
            OPEN,
            RoomEvent::Opened {
                proof: Proof::Code(ns.other()),
            },
        )
        .unwrap();
        assert_eq!(opened.transition.bind, Some(Bind::Confirming));
        assert_eq!(opened.next(), room);
        let done = apply(
            &room,
            OPEN,
            RoomEvent::Confirm {
                proof: Proof::ConfirmingDevice,
            },
        )
        .unwrap();
        assert_eq!(done.transition.results, Results::Save);
        // The entering side's code on a new phone makes it the entering phone.
        let moved = apply(
            &room,
            OPEN,
            RoomEvent::Opened {
                proof: Proof::Code(ns),
            },
        )
        .unwrap();
        assert_eq!(moved.transition.bind, Some(Bind::Entering));
        // The opponents save over the entry with their own code: now they entered, and
        // the first side confirms.
        let theirs = apply(
            &room,
            OPEN,
            RoomEvent::Saved {
                proof: Proof::Code(ns.other()),
                complete: true,
            },
        )
        .unwrap()
        .next();
        assert_eq!(theirs.entered_by, Some(ns.other()));
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
        let approved = apply(&confirmed, saved, APPROVE).unwrap();
        assert_eq!(approved.next().state, EntryState::Approved);
        assert_eq!(approved.transition.results, Results::Keep);
        let back = apply(&confirmed, saved, RoomEvent::SentBack).unwrap();
        assert_eq!(back.transition.results, Results::Remove);
        assert_eq!(
            apply(&RoomEntry::NEW, OPEN, APPROVE),
            Err(Refusal::NothingToJudge)
        );
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
                proof: Proof::Code(Side::NorthSouth),
                complete: true,
            },
        )
        .unwrap()
        .next();
        assert!(again.flagged);
        let theirs = RoomEvent::Confirm {
            proof: Proof::Code(Side::EastWest),
        };
        let confirmed = apply(&again, OPEN, theirs).unwrap().next();
        assert_eq!(confirmed.state, EntryState::Confirmed);
        assert!(confirmed.flagged);
        assert!(!confirmed.approvable_in_bulk(true));
        let approved = apply(&confirmed, saved, APPROVE).unwrap().next();
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
    fn the_hall_counts_as_held_back_only_confirmed_rooms_with_results_that_bulk_passes_by() {
        let clean = RoomEntry {
            state: EntryState::Confirmed,
            ..waiting(Side::EastWest)
        };
        // A clean confirmed room is approved with the others, not held back.
        assert!(!clean.held_back(true));
        let flagged = RoomEntry {
            flagged: true,
            ..clean
        };
        let guessed = RoomEntry {
            code_failures: 2,
            ..clean
        };
        assert!(flagged.held_back(true));
        assert!(guessed.held_back(true));
        // Without its results the room shows as the desk's: nothing to hold back.
        assert_eq!(flagged.shown(false), EntryState::Desk);
        assert!(!flagged.held_back(false));
        // Only a confirmed room can be held back, flagged or not.
        for state in EntryState::ALL {
            if state != EntryState::Confirmed {
                let room = RoomEntry { state, ..flagged };
                assert!(!room.held_back(true), "{state:?}");
                assert!(!room.held_back(false), "{state:?}");
            }
        }
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
        // Results taken away again (cleared at the desk): closed to the table as done, so
        // shown as the desk's, not as a room that never started.
        assert_eq!(S::shown(Some(S::Confirmed), false), S::Desk);
        assert_eq!(S::shown(Some(S::Desk), false), S::Desk);
        assert_eq!(S::shown(Some(S::Disputed), false), S::Disputed);
        assert_eq!(S::shown(None, false), S::NotStarted);
    }

    #[test]
    fn a_table_page_offers_what_the_machine_takes() {
        let ns = Side::NorthSouth;
        // Nobody entered yet: the form, with a code; nothing to see or confirm.
        let fresh = offer(&RoomEntry::NEW, OPEN, None);
        assert!(fresh.enter && fresh.enter_needs_code);
        assert!(!fresh.open && !fresh.confirm && !fresh.sees);
        // A complete entry, on a device it does not know: give a code to see it, never a
        // form to type over it.
        let stranger = offer(&waiting(ns), OPEN, None);
        assert!(stranger.open && !stranger.enter && !stranger.confirm && !stranger.sees);
        // On the device that entered: it sees, saves on without a code, and confirms with
        // the opponents' code.
        let entering = offer(&waiting(ns), OPEN, Some(Bind::Entering));
        assert!(entering.sees && entering.enter && !entering.enter_needs_code);
        assert!(entering.confirm && entering.confirm_needs_code && !entering.open);
        // On the opponents' device: it confirms without a code.
        let theirs = offer(&waiting(ns), OPEN, Some(Bind::Confirming));
        assert!(theirs.sees && theirs.confirm && !theirs.confirm_needs_code);
        // Not every board entered: nothing to confirm yet.
        let part = RoomEntry {
            state: EntryState::Entering,
            ..waiting(ns)
        };
        assert!(!offer(&part, OPEN, Some(Bind::Entering)).confirm);
        // Locked or done: nothing offered, but the bound device still sees its figures.
        for (gate, why) in [
            (
                Gate {
                    locked: true,
                    ..OPEN
                },
                Closed::Locked,
            ),
            (
                Gate {
                    has_results: true,
                    ..OPEN
                },
                Closed::Done,
            ),
        ] {
            let shut = offer(&waiting(ns), gate, Some(Bind::Entering));
            assert_eq!(shut.closed, Some(why));
            assert!(shut.sees && !shut.enter && !shut.open && !shut.confirm);
        }
        // A row that only counts wrong codes is no entry: a binding shows nothing.
        let guessed = RoomEntry {
            code_failures: 2,
            ..RoomEntry::NEW
        };
        let looks = offer(&guessed, OPEN, Some(Bind::Entering));
        assert!(!looks.sees && looks.enter && looks.enter_needs_code && !looks.open);
    }

    #[test]
    fn the_director_approves_only_a_whole_entry_and_sends_back_what_the_table_may_redo() {
        let ns = Side::NorthSouth;
        // A call on a half-entered room: sent back, or entered at the desk; approving it
        // would take part of a room, so the machine refuses it.
        let called = RoomEntry {
            state: EntryState::Disputed,
            flagged: true,
            ..waiting(ns)
        };
        assert_eq!(
            apply(&called, OPEN, RoomEvent::Approved { complete: false }),
            Err(Refusal::Incomplete)
        );
        let part = verdicts(&called, false, false);
        assert!(!part.approve && part.send_back && part.clear_flags);
        assert!(verdicts(&called, false, true).approve);
        // Confirmed with its results: approving makes them final, whole or not.
        let confirmed = RoomEntry {
            state: EntryState::Confirmed,
            ..waiting(ns)
        };
        let judged = verdicts(&confirmed, true, false);
        assert!(judged.approve && judged.send_back && !judged.clear_flags);
        // Approved, entered at the desk or never entered: nothing to approve.
        for state in [EntryState::Approved, EntryState::Desk, EntryState::Entering] {
            let room = RoomEntry {
                state,
                ..waiting(ns)
            };
            assert!(!verdicts(&room, true, true).approve, "{state:?}");
        }
        assert_eq!(
            verdicts(&RoomEntry::NEW, false, true),
            Verdicts {
                approve: false,
                send_back: false,
                clear_flags: false
            }
        );
        // Its wrong codes spent: approved as it stands, never sent back.
        let spent = RoomEntry {
            state: EntryState::Disputed,
            code_failures: MAX_CODE_FAILURES,
            ..waiting(ns)
        };
        let last = verdicts(&spent, false, true);
        assert!(last.approve && !last.send_back);
    }

    #[test]
    fn what_a_room_shows_agrees_with_whether_it_is_closed() {
        use EntryState as S;
        for stored in S::ALL {
            for has_results in [false, true] {
                let room = RoomEntry {
                    state: stored,
                    ..RoomEntry::NEW
                };
                let gate = Gate {
                    has_results,
                    ..OPEN
                };
                let shown = S::shown(Some(stored), has_results);
                let done = closed(&room, gate) == Some(Closed::Done);
                let finished = matches!(shown, S::Confirmed | S::Approved | S::Desk);
                assert_eq!(done, finished, "{stored:?} with results {has_results}");
            }
        }
    }
}
