//! Placed pages drawn into one PDF with krilla.

use std::fmt;

use krilla::Document;
use krilla::color::luma;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};

use super::blocks::SheetPage;
use super::font::FONT;
use super::layout::{Op, PAGE_HEIGHT, PAGE_WIDTH, layout};

/// A PDF could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdfError(pub String);

impl fmt::Display for PdfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PDF: {}", self.0)
    }
}

impl std::error::Error for PdfError {}

/// Draws sheets into one PDF, each sheet on as many pages as it needs.
pub fn render(sheets: &[SheetPage], title: &str, language: &str) -> Result<Vec<u8>, PdfError> {
    let mut doc = Document::new();
    doc.set_metadata(
        Metadata::new()
            .title(title.to_owned())
            .language(language.to_owned())
            .creator("fushi".to_owned()),
    );
    let font = Font::new(FONT.into(), 0).ok_or_else(|| PdfError("font".into()))?;
    let size = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT)
        .ok_or_else(|| PdfError("page size".into()))?;
    for sheet in sheets {
        for ops in layout(sheet) {
            let mut page = doc.start_page_with(size.clone());
            let mut surface = page.surface();
            for op in ops {
                match op {
                    Op::Text { x, y, size, text } => {
                        surface.set_stroke(None);
                        surface.set_fill(Some(Fill::default()));
                        surface.draw_text(
                            Point::from_xy(x, y),
                            font.clone(),
                            size,
                            &text,
                            false,
                            TextDirection::Auto,
                        );
                    }
                    Op::Line {
                        x1,
                        y1,
                        x2,
                        y2,
                        width,
                    } => {
                        let mut b = PathBuilder::new();
                        b.move_to(x1, y1);
                        b.line_to(x2, y2);
                        if let Some(path) = b.finish() {
                            surface.set_fill(None);
                            surface.set_stroke(Some(Stroke {
                                width,
                                ..Stroke::default()
                            }));
                            surface.draw_path(&path);
                        }
                    }
                    Op::Dark { x, y, w, h } => {
                        fill_rect(&mut surface, Rect::from_xywh(x, y, w, h), Fill::default());
                    }
                    Op::Shade { x, y, w, h } => {
                        let light = Fill {
                            paint: luma::Color::new(228).into(),
                            ..Fill::default()
                        };
                        fill_rect(&mut surface, Rect::from_xywh(x, y, w, h), light);
                    }
                }
            }
            surface.finish();
            page.finish();
        }
    }
    doc.finish().map_err(|e| PdfError(format!("{e:?}")))
}

/// A rectangle filled with `fill`, without an outline (nothing for an empty one).
fn fill_rect(surface: &mut krilla::surface::Surface<'_>, rect: Option<Rect>, fill: Fill) {
    let mut b = PathBuilder::new();
    if let Some(rect) = rect {
        b.push_rect(rect);
    }
    if let Some(path) = b.finish() {
        surface.set_stroke(None);
        surface.set_fill(Some(fill));
        surface.draw_path(&path);
    }
}
