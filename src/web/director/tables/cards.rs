//! What is printed for the tables: each room's card with its QR code, the pairs' code
//! slips, and the blank score sheets with each room's link.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::{round_rooms, round_with_rooms, side_text, tables};
use crate::db::table::Side;
use crate::web::labels::team_label;
use crate::web::page::{Ctx, TourHead, render};
use crate::web::tour::RoundAt;
use crate::web::{AppError, AppState};

/// One printed card: a room, its seats and its link.
#[derive(Debug)]
struct Card {
    table: i32,
    room_label: String,
    ns: String,
    ew: String,
    url: String,
    qr: String,
}

#[derive(Template)]
#[template(path = "director/table_cards.html")]
struct CardsPage {
    ctx: Ctx,
    tour: TourHead,
    section: &'static str,
    round: i32,
    cards: Vec<Card>,
    /// Each pair's slip: its room and seat, its team and its code.
    slips: Vec<Slip>,
}

/// One pair's code slip: good for one room of one round.
#[derive(Debug)]
struct Slip {
    table: i32,
    room_label: String,
    side_label: String,
    team: String,
    code: String,
    /// The team's public page (where it plays next, its clock and released results) and
    /// its QR code: the slip carries no code in the address.
    team_url: String,
    team_qr: String,
}

pub(super) async fn cards_page(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    let (sheet, _, links) = round_with_rooms(&state, &at).await?;
    let site =
        match crate::web::hall::printed_site(&req, &ctx, TourHead::of_settings(&sheet.settings)) {
            Ok(site) => site,
            Err(refused) => return refused.into_response(),
        };
    let cards = links
        .iter()
        .filter_map(|l| {
            let m = sheet.table(l.table)?;
            let url = format!("{site}/table/{}", l.token);
            let seat = |side| team_label(&sheet, tables::seated(m, l.room, side));
            Some(Card {
                table: l.table,
                room_label: ctx.t.t(&format!("entry-room-{}", l.room.code())),
                ns: seat(Side::NorthSouth),
                ew: seat(Side::EastWest),
                qr: crate::web::hall::qr_svg(&url),
                url,
            })
        })
        .collect();
    let slips = links
        .iter()
        .filter_map(|l| {
            let m = sheet.table(l.table)?;
            Some([Side::NorthSouth, Side::EastWest].map(|side| {
                let number = tables::seated(m, l.room, side);
                let team_url = format!("{site}/t/{}/teams/{number}", sheet.settings.slug);
                Slip {
                    table: l.table,
                    room_label: ctx.t.t(&format!("entry-room-{}", l.room.code())),
                    side_label: side_text(&ctx, side),
                    team: team_label(&sheet, number),
                    team_qr: crate::web::hall::qr_svg(&team_url),
                    team_url,
                    code: match side {
                        Side::NorthSouth => l.codes[0].clone(),
                        Side::EastWest => l.codes[1].clone(),
                    },
                }
            }))
        })
        .flatten()
        .collect();
    let page = CardsPage {
        tour: TourHead::of_settings(&sheet.settings),
        section: "rounds",
        round: at.round,
        cards,
        slips,
        ctx: ctx.clone(),
    };
    render(&ctx, &page)
}

/// `GET`: the round's blank score sheets as PDF, each with its room's link as a QR code and
/// as text (the public blank sheets have no links: the links are the director's to hand out).
pub(super) async fn sheets_pdf(
    req: HttpRequest,
    ctx: Ctx,
    state: web::Data<AppState>,
    at: RoundAt,
) -> Result<HttpResponse, AppError> {
    use crate::sheets::pdf::{self, Block};
    let round = at.round;
    let snap = at.tour.snapshot(&state).await?;
    let event = &snap.event;
    let (_, links) = round_rooms(&state, &at).await?;
    let site = match crate::web::hall::printed_site(&req, &ctx, TourHead::of(event)) {
        Ok(site) => site,
        Err(refused) => return refused.into_response(),
    };
    let words = ctx.t;
    let sheets = crate::sheets::score_sheets(event, round, false, &words);
    let caption = ctx.t.t("table-card-scan");
    let pages: Vec<pdf::SheetPage> = sheets
        .iter()
        .map(|s| {
            let mut page = pdf::score_sheet_page(s);
            if let Some(l) = links
                .iter()
                .find(|l| l.table == s.table && l.room == s.room)
            {
                let url = format!("{site}/table/{}", l.token);
                if let Ok(code) = qrcode::QrCode::new(url.as_bytes()) {
                    page.blocks.push(Block::Gap(0.6));
                    page.blocks.push(Block::Qr {
                        modules: code
                            .to_colors()
                            .into_iter()
                            .map(|c| c == qrcode::Color::Dark)
                            .collect(),
                        width: code.width(),
                        caption: caption.clone(),
                    });
                    page.blocks.push(Block::Text(url));
                }
            }
            page
        })
        .collect();
    let title = format!("{} · {}", event.settings.name, round);
    let lang = ctx.lang.code().to_owned();
    let bytes = web::block(move || pdf::render(&pages, &title, &lang))
        .await?
        .map_err(AppError::internal)?;
    Ok(HttpResponse::Ok()
        .insert_header(("Content-Type", "application/pdf"))
        .insert_header((
            "Content-Disposition",
            format!(
                "inline; filename=\"{}-round-{round}-table-sheets.pdf\"",
                at.tour.slug
            ),
        ))
        .body(bytes))
}
