//! The sheets as A4 portrait PDF.
//!
//! Each sheet becomes a [`SheetPage`]: a list of [`Block`]s (title, text lines, grids,
//! signature lines). [`layout`] places them on A4 pages (a grid that runs over the page
//! goes on with its header repeated; a sheet marked `one_page` is scaled down to fit one
//! page instead), and [`render`] draws the placed pages with krilla. Text is set in the
//! bundled WenQuanYi Micro Hei (Chinese and Latin in one font), which krilla subsets into each file with
//! a ToUnicode map, so the text can be searched and copied.
//!
//! One idea a file: the bundled font (`font`), a sheet's blocks (`blocks`), text fitted to
//! a cell (`fit`), the layout engine (`layout`), drawing with krilla (`render`), and one
//! file per sheet: the score sheet, the match sheet, the team card and the standings,
//! with the grid of a match's sides two of them open with (`sides`).

mod blocks;
mod fit;
mod font;
mod layout;
mod match_sheet;
mod render;
mod score_sheet;
mod series;
mod sides;
mod standings;
mod team_card;

pub use blocks::SheetPage;

pub(crate) use blocks::{Align, Block, BracketBox, BracketDrawing, Col, Compass, Grid};
pub use font::{FONT, missing_glyphs};
pub use layout::{fitted_size, layout};
// The sheets' tests draw a placed page as SVG.
#[cfg(test)]
pub(crate) use layout::{Op, PAGE_HEIGHT, PAGE_WIDTH};
pub use match_sheet::match_sheet_page;
pub(crate) use render::PdfError;
pub use render::render;
pub(crate) use score_sheet::score_sheet_page;
pub use series::series_page;
pub use standings::standings_page;
pub(crate) use team_card::team_card_page;
