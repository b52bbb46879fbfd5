//! Text fitted to a width: shrunk, then cut short or, in a table's cell, wrapped.

use super::font::text_width;

/// Text in a cell shrinks to this share of the font size before it is cut short.
const MIN_SHRINK: f32 = 0.6;

/// Unicode bidi isolation marks, which a Fluent translator puts around its arguments; they
/// have no glyph and are dropped.
pub(super) fn printable(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '\u{2066}'..='\u{2069}'))
        .collect()
}

/// Text that fits `width`: shrunk down to [`MIN_SHRINK`] of `size`, then cut with "…".
pub(super) fn fit(text: &str, size: f32, width: f32) -> (String, f32) {
    let text = &printable(text);
    let w = text_width(text, size);
    if w <= width {
        return (text.to_owned(), size);
    }
    let shrunk = (size * width / w).max(size * MIN_SHRINK);
    if text_width(text, shrunk) <= width {
        return (text.to_owned(), shrunk);
    }
    // The longest start that fits with "…" after it, measured once per character (linear
    // in the text's length, however long a name is).
    let room = width - text_width("…", shrunk);
    let mut used = 0.0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        let mut buf = [0u8; 4];
        used += text_width(c.encode_utf8(&mut buf), shrunk);
        if used > room {
            break;
        }
        end = i + c.len_utf8();
    }
    if end == 0 && room < 0.0 {
        return (String::new(), shrunk);
    }
    (format!("{}…", &text[..end]), shrunk)
}

/// Text for a table cell `width` wide and `height` high, never cut: on one line, shrunk
/// down to [`MIN_SHRINK`] of `size`; else on two lines (broken at the space, or between
/// characters, nearest the middle); else on one line shrunk as far as it takes.
pub(super) fn fit_cell(text: &str, size: f32, width: f32, height: f32) -> (Vec<String>, f32) {
    let text = printable(text);
    let w = text_width(&text, size);
    if w <= width {
        return (vec![text], size);
    }
    let shrunk = size * width / w;
    if shrunk >= size * MIN_SHRINK {
        return (vec![text], shrunk);
    }
    let chars: Vec<char> = text.chars().collect();
    let spaces: Vec<usize> = (1..chars.len()).filter(|&i| chars[i] == ' ').collect();
    let breaks: Vec<usize> = if spaces.is_empty() {
        (1..chars.len()).collect()
    } else {
        spaces
    };
    let best = breaks
        .iter()
        .map(|&i| {
            let first: String = chars[..i].iter().collect::<String>().trim_end().to_owned();
            let second: String = chars[i..]
                .iter()
                .collect::<String>()
                .trim_start()
                .to_owned();
            let widest = text_width(&first, size).max(text_width(&second, size));
            (widest, first, second)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((widest, first, second)) = best {
        let two = (size * width / widest * 0.98).min(size).min(height / 2.3);
        if two >= size * MIN_SHRINK * 0.8 {
            return (vec![first, second], two);
        }
    }
    (vec![text], shrunk)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::pdf::font::text_width;

    #[test]
    fn long_text_shrinks_then_is_cut() {
        let (t, s) = fit("short", 10.0, 100.0);
        assert_eq!((t.as_str(), s), ("short", 10.0));
        let (t, _) = fit("up \u{2068}3\u{2069}", 10.0, 100.0);
        assert_eq!(t, "up 3");
        let (t, s) = fit("a rather long cell text", 10.0, 80.0);
        assert!((6.0..10.0).contains(&s));
        assert!(text_width(&t, s) <= 80.0);
        let (t, _) = fit(&"闲".repeat(50), 10.0, 40.0);
        assert!(t.ends_with('…'));
        assert!(text_width(&t, 6.0) <= 40.0);
        // A name of 100,000 characters is cut in one pass.
        let (t, s) = fit(&"Long name ".repeat(10_000), 10.0, 80.0);
        assert!(t.ends_with('…') && t.chars().count() < 40, "{t}");
        assert!(text_width(&t, s) <= 80.0);
    }

    #[test]
    fn a_cell_is_never_cut_it_shrinks_or_wraps() {
        let (lines, s) = fit_cell("Kings & Tens 十与K", 12.0, 200.0, 20.0);
        assert_eq!((lines, s), (vec!["Kings & Tens 十与K".to_owned()], 12.0));
        let name = "Riverside Card Club Thursday Night Veterans";
        let (lines, s) = fit_cell(name, 12.0, 120.0, 30.0);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines.join(" "), name);
        assert!(lines.iter().all(|l| text_width(l, s) <= 120.0));
        let (lines, s) = fit_cell("闲家得分", 10.0, 22.0, 24.0);
        assert_eq!(lines.concat(), "闲家得分");
        assert!(lines.iter().all(|l| text_width(l, s) <= 22.0));
        let (lines, _) = fit_cell(&"闲".repeat(50), 10.0, 40.0, 12.0);
        assert!(!lines.concat().contains('…'));
        assert_eq!(lines.concat(), "闲".repeat(50));
    }
}
