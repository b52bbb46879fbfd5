//! Dealing every board of a 16-board × 11-round event (docs/deals.md) for 1, 2 and 3 decks,
//! and drawing the hand records PDF of every round of the two-deck event:
//! `cargo bench --bench deals`.

// A bench binary: a failed unwrap stops the run at its line, and helpers shared with
// the tests are `pub`.
#![allow(unreachable_pub, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use fushi::i18n::{Lang, Tr};
use fushi::rules::deal::{BoardDeal, Seed, deal_board};
use fushi::rules::{Board, Decks, Event, Level, Round, Seat, Settings, SettingsDraft};
use fushi::sheets::hands::{hand_records, hand_records_page};
use fushi::sheets::pdf;

const ROUNDS: i32 = 11;
const BOARDS: i32 = 16;

fn deal_all(seed: &Seed, decks: Decks) -> Vec<BoardDeal> {
    let mut all = Vec::with_capacity((ROUNDS * BOARDS) as usize);
    for round in 1..=ROUNDS {
        for board in 1..=BOARDS {
            all.push(BoardDeal {
                round,
                board,
                deal: deal_board(seed, decks, round as u32, board as u32),
            });
        }
    }
    all
}

/// A two-deck event of 11 rounds of 16 boards, every board dealt.
fn event(seed: &Seed) -> Event {
    let levels: Vec<Level> = Level::all().collect();
    let rounds = (1..=ROUNDS)
        .map(|number| Round {
            number,
            boards: (1..=BOARDS)
                .map(|b| Board {
                    number: b,
                    dealer: Seat::ALL[(b as usize - 1) % 4],
                    level: levels[(b as usize - 1) % levels.len()],
                    trump: None,
                })
                .collect(),
            matches: Vec::new().into(),
        })
        .collect();
    let mut event = Event {
        settings: Settings::try_from(SettingsDraft {
            name: "Bench 16 × 11".to_owned(),
            slug: "bench".to_owned(),
            ..SettingsDraft::default()
        })
        .expect("valid settings"),
        teams: Vec::new().into(),
        rounds,
        lineups: Vec::new().into(),
        deals: Default::default(),
    };
    event.deals.boards = deal_all(seed, Decks::Two);
    event
}

fn deals(c: &mut Criterion) {
    let seed = Seed::parse("Spring Duplicate 2026").expect("a seed");
    let mut group = c.benchmark_group("deals");
    group.sample_size(20);
    for decks in [Decks::One, Decks::Two, Decks::Three] {
        group.bench_function(
            format!("deal 16 boards × 11 rounds, {} deck(s)", decks.count()),
            |b| b.iter(|| deal_all(&seed, decks)),
        );
    }
    let event = event(&seed);
    let t = Tr::new(Lang::from_code("zh").expect("zh"));
    group.sample_size(10);
    group.bench_function("hand records PDF, 11 rounds × 16 boards, 2 decks", |b| {
        b.iter(|| {
            let pages: Vec<pdf::SheetPage> = (1..=ROUNDS)
                .map(|r| hand_records_page(&hand_records(&event, r, &t)))
                .collect();
            pdf::render(&pages, "hand records", "zh-Hans").expect("a PDF")
        })
    });
    group.finish();
    let pages: Vec<pdf::SheetPage> = (1..=ROUNDS)
        .map(|r| hand_records_page(&hand_records(&event, r, &t)))
        .collect();
    let bytes = pdf::render(&pages, "hand records", "zh-Hans").expect("a PDF");
    let laid: usize = pages.iter().map(|p| pdf::layout(p).len()).sum();
    println!(
        "hand records PDF: {} pages, {} bytes for {} boards",
        laid,
        bytes.len(),
        ROUNDS * BOARDS
    );
}

criterion_group!(benches, deals);
criterion_main!(benches);
