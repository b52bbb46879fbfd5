//! Hand records (docs/deals.md): every dealt board of a round in the compass layout, North
//! at the top, West and East beside the board's facts and its bottom, South below; each hand
//! sorted the way Shengji players sort it (trumps first, then the other suits from A down).
//! The web's print view and the PDF share these structs.

use super::pdf::{self, Block, PdfError, SheetPage};
use super::{Word, Words, seat, trump};
use crate::i18n::Tr;
use crate::rules::deal::{Card, Deal, DealStats, SortedHand, Suit};
use crate::rules::{Board, Event, Seat};

/// One hand (or the bottom) as lines of text: the trumps, then one line per other suit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandText {
    pub label: String,
    pub lines: Vec<String>,
}

/// One board's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRecord {
    pub number: i32,
    /// `Board 3`
    pub title: String,
    /// Dealer, level and trump in words.
    pub facts: Vec<(String, String)>,
    /// North, East, South, West.
    pub hands: [HandText; 4],
    pub bottom: HandText,
}

/// A round's hand records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandRecords {
    pub event: String,
    pub round: i32,
    pub title: String,
    pub boards: Vec<BoardRecord>,
}

/// Ranks of a suit, high to low, after the suit's symbol: `♠ A K 10 5`; `♠ —` when void.
fn suit_line(suit: Suit, cards: &[Card]) -> String {
    let mut line = suit.symbol().to_owned();
    if cards.is_empty() {
        line.push_str(" —");
    }
    for card in cards {
        if let Card::Suited(_, level) = card {
            line.push(' ');
            line.push_str(level.code());
        }
    }
    line
}

/// A card as a hand record shows it: a suited card with its suit's symbol (`♠J`), a joker
/// in the reader's words (小王, 大王); the codes `LJ` and `BJ` are the files' only.
pub(crate) fn card_text(t: &Tr, card: Card) -> String {
    match card {
        Card::LittleJoker => t.t("deals-little-joker"),
        Card::BigJoker => t.t("deals-big-joker"),
        suited => suited.symbol_text(),
    }
}

/// The lines of a hand sorted for `board`: the trumps (each card with its suit), then the
/// other suits.
pub fn hand_lines(t: &Tr, cards: &[Card], board: &Board) -> Vec<String> {
    let sorted = SortedHand::new(cards, board.level, board.trump);
    let trumps: Vec<String> = sorted.trumps.iter().map(|&c| card_text(t, c)).collect();
    let mut lines = vec![format!(
        "{} {}",
        t.t("deals-trumps"),
        if trumps.is_empty() {
            "—".to_owned()
        } else {
            trumps.join(" ")
        }
    )];
    lines.extend(sorted.suits.iter().map(|(s, c)| suit_line(*s, c)));
    lines
}

/// `Dealer: North`, `Level: 5`, `Trump: ♥ Hearts` (or declared at the table).
pub(crate) fn board_facts(t: &Tr, board: &Board) -> Vec<(String, String)> {
    let trump_text = match board.trump {
        Some(_) => trump(t, board.trump),
        None => t.t("deals-trump-declared"),
    };
    vec![
        (t.word(Word::Dealer), seat(t, board.dealer)),
        (t.word(Word::Level), board.level.to_string()),
        (t.word(Word::Trump), trump_text),
    ]
}

/// One board's record from its deal.
pub(crate) fn board_record(t: &Tr, board: &Board, deal: &Deal) -> BoardRecord {
    let hand = |s: Seat| HandText {
        label: seat(t, s),
        lines: hand_lines(t, deal.hand(s), board),
    };
    let sorted = SortedHand::new(deal.bottom(), board.level, board.trump);
    let bottom: Vec<String> = sorted
        .trumps
        .iter()
        .chain(sorted.suits.iter().flat_map(|(_, cards)| cards))
        .map(|&c| card_text(t, c))
        .collect();
    BoardRecord {
        number: board.number,
        title: t.a("deals-board", "n", board.number),
        facts: board_facts(t, board),
        hands: Seat::ALL.map(hand),
        bottom: HandText {
            label: t.a("deals-bottom-points", "points", deal.bottom_points()),
            lines: vec![bottom.join(" ")],
        },
    }
}

/// The hand records of round `round`: every board of the round that has its deal.
pub fn hand_records(event: &Event, round: i32, t: &Tr) -> HandRecords {
    let boards = event
        .rounds
        .iter()
        .find(|r| r.number == round)
        .map(|r| {
            r.boards
                .iter()
                .filter_map(|b| {
                    event
                        .deals
                        .of(round, b.number)
                        .map(|d| board_record(t, b, d))
                })
                .collect()
        })
        .unwrap_or_default();
    HandRecords {
        event: event.settings.name.clone(),
        round,
        title: t.a("deals-hands-title", "round", round),
        boards,
    }
}

/// The deal statistics of round `round` (docs/deals.md): jokers and level cards per seat,
/// bottom points.
pub(crate) fn round_stats(event: &Event, round: i32) -> DealStats {
    let Some(r) = event.rounds.iter().find(|r| r.number == round) else {
        return DealStats::default();
    };
    DealStats::of(
        r.boards
            .iter()
            .filter_map(|b| event.deals.of(round, b.number).map(|d| (d, b.level))),
    )
}

/// The hand records as pages: three boards to an A4 page for every deck count (a hand is
/// at most five lines, the trumps and the other suits; a line too long for its column, as
/// three decks' can be, is set smaller). Tested with 12 boards of 1, 2 and 3 decks.
pub fn hand_records_page(h: &HandRecords) -> SheetPage {
    let mut blocks = vec![
        Block::Title(format!("{} · {}", h.event, h.title)),
        Block::Gap(0.3),
    ];
    for b in &h.boards {
        let facts = b
            .facts
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>();
        blocks.push(Block::Compass(Box::new(pdf::Compass {
            title: b.title.clone(),
            facts,
            hands: b.hands.clone().map(|h| (h.label, h.lines)),
            bottom: (b.bottom.label.clone(), b.bottom.lines.clone()),
        })));
    }
    SheetPage {
        blocks,
        font_size: 9.0,
        one_page: false,
    }
}

/// The PDF of a round's hand records.
pub fn hand_records_pdf(h: &HandRecords, words: &dyn Words) -> Result<Vec<u8>, PdfError> {
    pdf::render(
        &[hand_records_page(h)],
        &format!("{} · {}", h.event, h.title),
        words.language(),
    )
}
