//! Moving archive files between memory and a folder or a .zip of that folder.

use std::collections::BTreeMap;
use std::io::{Read, Seek, Write};
use std::path::Path;

use super::Problem;
use super::settings::TOURNAMENT_TOML;
use crate::input::Why;

/// An archive's files by name, as UTF-8 text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArchiveFiles {
    files: BTreeMap<String, String>,
    /// The files that were not UTF-8 but GB18030 (Chinese Excel's default), read as such.
    gb18030: Vec<String>,
}

/// The byte-order mark that starts every CSV file fushi writes, so that Excel on Windows
/// reads it as UTF-8 (Chinese names included).
pub(crate) const UTF8_BOM: &str = "\u{feff}";

/// A file as fushi writes it: a CSV file starts with [`UTF8_BOM`], anything else (the
/// TOML) is written as it is.
pub(crate) fn file_bytes(name: &str, text: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len() + 3);
    if name.ends_with(".csv") && !text.starts_with(UTF8_BOM) {
        bytes.extend_from_slice(UTF8_BOM.as_bytes());
    }
    bytes.extend_from_slice(text.as_bytes());
    bytes
}

/// Uploaded or imported bytes as text: UTF-8 (a byte-order mark dropped), else GB18030
/// when they are valid GB18030 (the flag is then true), else `None`.
pub(crate) fn decode_text(bytes: &[u8]) -> Option<(String, bool)> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Some((
            text.strip_prefix(UTF8_BOM).unwrap_or(text).to_owned(),
            false,
        )),
        Err(_) => encoding_rs::GB18030
            .decode_without_bom_handling_and_without_replacement(bytes)
            .map(|text| (text.into_owned(), true)),
    }
}

/// The line (as an editor counts them: `\r\n`, `\n` or a lone `\r` end one) holding the
/// first byte of `bytes` that is not UTF-8: where to look in a file neither UTF-8 nor
/// GB18030.
pub(crate) fn first_bad_line(bytes: &[u8]) -> u64 {
    let good = match std::str::from_utf8(bytes) {
        Ok(_) => bytes.len(),
        Err(e) => e.valid_up_to(),
    };
    let before = &bytes[..good];
    let mut line = 1;
    let mut i = 0;
    while i < before.len() {
        match before[i] {
            b'\r' if before.get(i + 1) == Some(&b'\n') => {
                line += 1;
                i += 2;
            }
            b'\r' | b'\n' => {
                line += 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
    line
}

/// Files an archive may carry; anything else beside them is left alone.
fn is_archive_file(name: &str) -> bool {
    name.ends_with(".csv") || name.ends_with(".toml")
}

/// The most entries a .zip may list.
pub(crate) const MAX_ZIP_ENTRIES: usize = 1000;
/// The most bytes one file of a .zip may unpack to (32 MiB).
pub(crate) const MAX_ZIP_FILE: u64 = 32 << 20;
/// The most bytes all files of a .zip may unpack to together (64 MiB).
pub(crate) const MAX_ZIP_TOTAL: u64 = 64 << 20;

impl ArchiveFiles {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.files.get(name).map(String::as_str)
    }

    pub fn insert(&mut self, name: impl Into<String>, text: impl Into<String>) {
        self.files.insert(name.into(), text.into());
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// Adds a file read as bytes: UTF-8, with a spreadsheet's byte-order mark dropped, or
    /// GB18030 (noted in [`ArchiveFiles::read_as_gb18030`]).
    fn add_bytes(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), Problem> {
        let (text, gb18030) = decode_text(&bytes)
            .ok_or_else(|| Problem::at(name, first_bad_line(&bytes), Why::NotUtf8))?;
        if gb18030 {
            self.gb18030.push(name.to_owned());
        }
        self.insert(name, text);
        Ok(())
    }

    /// The files that were read as GB18030, not UTF-8.
    pub(crate) fn read_as_gb18030(&self) -> &[String] {
        &self.gb18030
    }

    /// A file as fushi writes it (see [`file_bytes`]).
    pub fn bytes(&self, name: &str) -> Option<Vec<u8>> {
        self.get(name).map(|text| file_bytes(name, text))
    }

    /// Reads an archive folder, or a .zip holding one (at its root or in one folder).
    pub fn read(path: &Path) -> Result<ArchiveFiles, Vec<Problem>> {
        let shown = path.display().to_string();
        if path.is_dir() {
            Self::read_dir(path)
        } else if path.is_file() {
            let file = std::fs::File::open(path).map_err(|e| {
                vec![Problem::in_file(
                    &shown,
                    Why::Failed {
                        error: e.to_string(),
                    },
                )]
            })?;
            Self::read_zip(file).map_err(|mut p| {
                for problem in &mut p {
                    if problem.file.is_empty() {
                        problem.file = shown.clone();
                    }
                }
                p
            })
        } else {
            Err(vec![Problem::in_file(&shown, Why::NoSuchPath)])
        }
    }

    fn read_dir(dir: &Path) -> Result<ArchiveFiles, Vec<Problem>> {
        let shown = dir.display().to_string();
        let io = |e: std::io::Error| {
            vec![Problem::in_file(
                &shown,
                Why::Failed {
                    error: e.to_string(),
                },
            )]
        };
        let mut files = ArchiveFiles::new();
        let mut problems = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let entry = entry.map_err(io)?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if !is_archive_file(&name) || !entry.path().is_file() {
                continue;
            }
            let bytes = std::fs::read(entry.path()).map_err(io)?;
            if let Err(p) = files.add_bytes(&name, bytes) {
                problems.push(p);
            }
        }
        if problems.is_empty() {
            Ok(files)
        } else {
            Err(problems)
        }
    }

    /// Reads a .zip: the folder holding `tournament.toml` is the archive. Unpacking stops
    /// at [`MAX_ZIP_ENTRIES`] entries, [`MAX_ZIP_FILE`] bytes for one file and
    /// [`MAX_ZIP_TOTAL`] bytes in all, whatever the .zip declares.
    pub fn read_zip<R: Read + Seek>(reader: R) -> Result<ArchiveFiles, Vec<Problem>> {
        let bad = |why: Why| vec![Problem::in_file("", why)];
        let mut zip = zip::ZipArchive::new(reader).map_err(|e| {
            bad(Why::NotAZip {
                error: e.to_string(),
            })
        })?;
        let names: Vec<String> = zip
            .file_names()
            .map(|n| n.map(|n| n.into_owned()))
            .collect::<Result<_, _>>()
            .map_err(|e| {
                bad(Why::NotAZip {
                    error: e.to_string(),
                })
            })?;
        if names.len() > MAX_ZIP_ENTRIES {
            return Err(bad(Why::ZipTooManyEntries {
                count: names.len(),
                max: MAX_ZIP_ENTRIES,
            }));
        }
        let roots: Vec<&str> = names
            .iter()
            .filter_map(|n| n.strip_suffix(TOURNAMENT_TOML))
            .filter(|prefix| {
                prefix.is_empty() || prefix.matches('/').count() == 1 && prefix.ends_with('/')
            })
            .collect();
        let root = match roots.as_slice() {
            [root] => root.to_string(),
            [] => return Err(bad(Why::ZipNoToml)),
            _ => {
                return Err(bad(Why::ZipManyToml));
            }
        };
        let mut files = ArchiveFiles::new();
        let mut problems = Vec::new();
        let mut unpacked = 0u64;
        for name in names {
            let Some(file_name) = name.strip_prefix(&root) else {
                continue;
            };
            if file_name.contains('/') || !is_archive_file(file_name) {
                continue;
            }
            let mut entry = zip.by_name(&name).map_err(|e| {
                bad(Why::Failed {
                    error: e.to_string(),
                })
            })?;
            // Never trust the sizes a .zip declares: read at most one byte past the limit.
            let limit = MAX_ZIP_FILE.min(MAX_ZIP_TOTAL - unpacked);
            let too_large = |limit_mib| {
                bad(Why::ZipTooLarge {
                    name: file_name.to_owned(),
                    limit_mib,
                })
            };
            if entry.size() > MAX_ZIP_FILE {
                return Err(too_large(MAX_ZIP_FILE >> 20));
            }
            let mut bytes = Vec::new();
            (&mut entry)
                .take(limit + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| {
                    bad(Why::Failed {
                        error: format!("{name}: {e}"),
                    })
                })?;
            if bytes.len() as u64 > limit {
                let limit_mib = if limit == MAX_ZIP_FILE {
                    MAX_ZIP_FILE
                } else {
                    MAX_ZIP_TOTAL
                };
                return Err(too_large(limit_mib >> 20));
            }
            unpacked += bytes.len() as u64;
            if let Err(p) = files.add_bytes(file_name, bytes) {
                problems.push(p);
            }
        }
        if problems.is_empty() {
            Ok(files)
        } else {
            Err(problems)
        }
    }

    /// Writes every file into `dir`, creating it if needed.
    pub fn write_dir(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for (name, text) in &self.files {
            std::fs::write(dir.join(name), file_bytes(name, text))?;
        }
        Ok(())
    }

    /// Writes a .zip holding one folder named `folder` with every file.
    pub fn write_zip<W: Write + Seek>(&self, writer: W, folder: &str) -> zip::result::ZipResult<W> {
        let mut zip = zip::ZipWriter::new(writer);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, text) in &self.files {
            zip.start_file(format!("{folder}/{name}"), options)?;
            zip.write_all(&file_bytes(name, text))?;
        }
        zip.finish()
    }
}

impl<S: Into<String>> FromIterator<(S, String)> for ArchiveFiles {
    fn from_iter<I: IntoIterator<Item = (S, String)>>(iter: I) -> Self {
        ArchiveFiles {
            files: iter.into_iter().map(|(n, t)| (n.into(), t)).collect(),
            gb18030: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    /// A .zip whose teams.csv inflates far beyond the limit is refused with the file's
    /// name, having read no more than the limit; so is one with too many entries.
    #[test]
    fn zip_bombs_and_crowds_are_refused() {
        use zip::write::SimpleFileOptions;
        let deflate =
            SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        zip.start_file("cup/tournament.toml", deflate).unwrap();
        zip.write_all(b"name = \"x\"\nslug = \"x\"\n").unwrap();
        zip.start_file("cup/teams.csv", deflate).unwrap();
        let zeros = vec![b'0'; 1 << 20];
        let mut header = b"team_no,name,club,members\n".to_vec();
        header.extend_from_slice(&zeros);
        zip.write_all(&header).unwrap();
        for _ in 0..MAX_ZIP_FILE >> 20 {
            zip.write_all(&zeros).unwrap();
        }
        let bytes = zip.finish().unwrap().into_inner();
        assert!(bytes.len() < 1 << 20, "the bomb is small: {}", bytes.len());
        let problems = ArchiveFiles::read_zip(std::io::Cursor::new(bytes)).unwrap_err();
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(text.len(), 1);
        assert!(
            text[0].contains("teams.csv unpacks to more than 32 MiB"),
            "{text:?}"
        );
        assert!(text[0].len() < 200, "{text:?}");

        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for i in 0..=MAX_ZIP_ENTRIES {
            zip.start_file(format!("cup/{i}.txt"), SimpleFileOptions::default())
                .unwrap();
        }
        let bytes = zip.finish().unwrap().into_inner();
        let problems = ArchiveFiles::read_zip(std::io::Cursor::new(bytes)).unwrap_err();
        assert!(
            problems[0]
                .to_string()
                .contains("entries; an archive has at most 1000")
        );
    }

    use super::*;

    #[test]
    fn zip_round_trip_in_a_folder() {
        let files: ArchiveFiles = [
            (TOURNAMENT_TOML, "name = \"x\"\n".to_owned()),
            ("teams.csv", "team_no,name,club,members\n".to_owned()),
        ]
        .into_iter()
        .collect();
        let cursor = files
            .write_zip(std::io::Cursor::new(Vec::new()), "club-night")
            .unwrap();
        let back = ArchiveFiles::read_zip(std::io::Cursor::new(cursor.into_inner())).unwrap();
        assert_eq!(back, files);
    }

    #[test]
    fn byte_order_marks_are_dropped_and_non_utf8_is_named() {
        let mut files = ArchiveFiles::new();
        files
            .add_bytes("teams.csv", b"\xef\xbb\xbfteam_no".to_vec())
            .unwrap();
        assert_eq!(files.get("teams.csv"), Some("team_no"));
        let err = files.add_bytes("boards.csv", vec![0xff, 0xfe]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "boards.csv:1: is not UTF-8 text (nor GB18030): this line holds the first byte \
             that is neither; save the file as UTF-8 (CSV UTF-8 in Excel)"
        );
        // The first bad byte's line, for LF, CRLF and CR files alike.
        let err = files
            .add_bytes(
                "teams.csv",
                b"team_no,name\r\n1,A\r\n2,\xff\xfe\r\n".to_vec(),
            )
            .unwrap_err();
        assert_eq!(err.line, Some(3));
        assert_eq!(first_bad_line(b"a\nb\n\xff"), 3);
        assert_eq!(first_bad_line(b"a\rb\r\xff"), 3);
        assert!(files.read_as_gb18030().is_empty());
    }

    #[test]
    fn gb18030_is_read_and_noted_and_csv_files_are_written_with_a_bom() {
        // "1,长城" as Chinese Excel saves it.
        let (bytes, _, _) = encoding_rs::GB18030.encode("team_no,name\n1,长城\n");
        let mut files = ArchiveFiles::new();
        files.add_bytes("teams.csv", bytes.into_owned()).unwrap();
        assert_eq!(files.get("teams.csv"), Some("team_no,name\n1,长城\n"));
        assert_eq!(files.read_as_gb18030(), ["teams.csv"]);
        assert_eq!(
            files.bytes("teams.csv").unwrap(),
            "\u{feff}team_no,name\n1,长城\n".as_bytes()
        );
        files.insert(TOURNAMENT_TOML, "name = \"x\"\n");
        assert_eq!(files.bytes(TOURNAMENT_TOML).unwrap(), b"name = \"x\"\n");
        let dir = tempfile::tempdir().unwrap();
        files.write_dir(dir.path()).unwrap();
        let written = std::fs::read(dir.path().join("teams.csv")).unwrap();
        assert!(written.starts_with(b"\xef\xbb\xbfteam_no"));
        let back = ArchiveFiles::read(dir.path()).unwrap();
        assert_eq!(back.get("teams.csv"), files.get("teams.csv"));
    }
}
