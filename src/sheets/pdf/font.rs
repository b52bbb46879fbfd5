//! The bundled font: its bytes, and the width and coverage of a text set in it.

use std::sync::LazyLock;

/// WenQuanYi Micro Hei (Apache-2.0, see `fonts/LICENSE-wqy-microhei.txt`): Droid Sans
/// Fallback's CJK with Droid Sans's Latin in one font. Face 0 of the collection.
pub static FONT: &[u8] = include_bytes!("../../../fonts/wqy-microhei.ttc");

static FACE: LazyLock<ttf_parser::Face<'static>> =
    LazyLock::new(|| ttf_parser::Face::parse(FONT, 0).expect("the bundled font parses"));

/// The width of `text` set in the bundled font at `size`.
pub(crate) fn text_width(text: &str, size: f32) -> f32 {
    let face = &*FACE;
    let upem = f32::from(face.units_per_em());
    let units: f32 = text
        .chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .map_or(upem / 2.0, f32::from)
        })
        .sum();
    units * size / upem
}

/// The characters of `text` that the bundled font has no glyph for.
pub fn missing_glyphs(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && FACE.glyph_index(*c).is_none())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_has_latin_chinese_and_the_suits() {
        assert_eq!(
            missing_glyphs("Score sheet ABC xyz 0123456789 +-:()·…♠♥♦♣"),
            ""
        );
        assert_eq!(
            missing_glyphs("记分表 八十分老友 闲家上台升5级 庄家方 南北 东西 无主"),
            ""
        );
        assert!(text_width("八十分", 10.0) > text_width("abc", 10.0));
    }
}
