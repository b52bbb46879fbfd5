//! The fields of a table result, in one table ([`RESULT_FIELDS`]): each field's name (as in
//! `results.csv`, the API's results and every form), how it is typed, whether a table types
//! it at `/table/{token}`, whether most boards leave it empty, and whether `results.csv`
//! holds it. The score sheet ([`super::sheet`]), the director's grid, the table's page,
//! `results.csv` and the API's results are made from it; tests hold the table's page and
//! the API's results to it.

/// A field of a table result as a score sheet has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultField {
    TrickPoints,
    BottomPoints,
    LastTrick,
    Combo,
    /// The L of `tractor:L` / `titanic:L`, typed apart from the combination's kind.
    ComboLength,
    DeclarerPenalty,
    DefenderPenalty,
    Ruling,
    /// P typed directly ("total only"), when there are no trick points.
    DefenderTotal,
}

/// How a field is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A whole number, 0 or more.
    Number,
    /// A whole number that may be negative (a ruling's s).
    Signed,
    /// One of a few choices (who won the last trick, the combination).
    Choice,
}

/// One line of [`RESULT_FIELDS`].
#[derive(Clone, Copy, Debug)]
pub struct FieldRow {
    pub field: ResultField,
    /// The name in `results.csv`, the API and the forms.
    pub name: &'static str,
    pub kind: FieldKind,
    /// A table types it at `/table/{token}` (a ruling and "P only" are the director's; the
    /// table's combination choice holds its length).
    pub at_table: bool,
    /// Most boards leave it empty: the director's keyboard path skips it unless a row's
    /// rare fields are opened.
    pub rare: bool,
    /// A column of `results.csv` and of the API's results (the length is in `combo`'s
    /// code there).
    pub in_file: bool,
}

const fn row(
    field: ResultField,
    name: &'static str,
    kind: FieldKind,
    [at_table, rare, in_file]: [bool; 3],
) -> FieldRow {
    FieldRow {
        field,
        name,
        kind,
        at_table,
        rare,
        in_file,
    }
}

/// Every field of a table result, in the score sheet's order: the one list of them.
pub const RESULT_FIELDS: [FieldRow; 9] = {
    use FieldKind::{Choice, Number, Signed};
    use ResultField::*;
    //                                                     at table, rare, in the file
    [
        row(TrickPoints, "trick_points", Number, [true, false, true]),
        row(BottomPoints, "bottom_points", Number, [true, false, true]),
        row(LastTrick, "last_trick", Choice, [true, false, true]),
        row(Combo, "combo", Choice, [true, false, true]),
        row(ComboLength, "combo_length", Number, [false, true, false]),
        row(
            DeclarerPenalty,
            "declarer_penalty",
            Number,
            [true, true, true],
        ),
        row(
            DefenderPenalty,
            "defender_penalty",
            Number,
            [true, true, true],
        ),
        row(Ruling, "ruling", Signed, [false, true, true]),
        row(DefenderTotal, "defender_total", Number, [false, true, true]),
    ]
};

/// How many fields a table types.
pub(crate) const TABLE_FIELD_COUNT: usize = count(Which::AtTable);
/// How many fields `results.csv` holds.
pub(crate) const FILE_FIELD_COUNT: usize = count(Which::InFile);

/// Every field's name, in order.
pub const SHEET_FIELDS: [&str; RESULT_FIELDS.len()] = names(Which::All);
/// The names of the fields a table types, in order.
pub(crate) const TABLE_FIELDS: [&str; TABLE_FIELD_COUNT] = names(Which::AtTable);
/// The names of the fields `results.csv` and the API's results hold, in order.
pub const FILE_FIELDS: [&str; FILE_FIELD_COUNT] = names(Which::InFile);

/// Which fields a derived list holds.
#[derive(Clone, Copy)]
enum Which {
    All,
    AtTable,
    InFile,
}

const fn keeps(which: Which, r: &FieldRow) -> bool {
    match which {
        Which::All => true,
        Which::AtTable => r.at_table,
        Which::InFile => r.in_file,
    }
}

const fn count(which: Which) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < RESULT_FIELDS.len() {
        if keeps(which, &RESULT_FIELDS[i]) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The names of the rows `which` keeps; `N` must be their number (a wrong one does not
/// compile).
const fn names<const N: usize>(which: Which) -> [&'static str; N] {
    let mut out = [""; N];
    let mut n = 0;
    let mut i = 0;
    while i < RESULT_FIELDS.len() {
        if keeps(which, &RESULT_FIELDS[i]) {
            out[n] = RESULT_FIELDS[i].name;
            n += 1;
        }
        i += 1;
    }
    assert!(n == N);
    out
}

impl ResultField {
    /// The field's line of [`RESULT_FIELDS`].
    pub fn row(self) -> &'static FieldRow {
        &RESULT_FIELDS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The field called `name`.
    pub fn named(name: &str) -> Option<ResultField> {
        RESULT_FIELDS
            .iter()
            .find(|r| r.name == name)
            .map(|r| r.field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_is_its_own_field_and_every_name_is_unique() {
        for (i, r) in RESULT_FIELDS.iter().enumerate() {
            assert_eq!(r.field as usize, i, "{}", r.name);
            assert_eq!(ResultField::named(r.name), Some(r.field));
            assert_eq!(r.field.name(), r.name);
        }
        let names: std::collections::BTreeSet<&str> = SHEET_FIELDS.into_iter().collect();
        assert_eq!(names.len(), RESULT_FIELDS.len());
        assert_eq!(
            TABLE_FIELDS,
            [
                "trick_points",
                "bottom_points",
                "last_trick",
                "combo",
                "declarer_penalty",
                "defender_penalty"
            ]
        );
        assert!(!FILE_FIELDS.contains(&"combo_length"));
        assert_eq!(FILE_FIELDS.len(), 8);
    }
}
