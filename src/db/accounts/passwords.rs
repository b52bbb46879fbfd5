//! Names and passwords: their checks, a generated password, and argon2id hashes.

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use super::error::AccountError;
use crate::db::random_hex;

/// The shortest password accepted.
pub(crate) const MIN_PASSWORD: usize = crate::limits::PASSWORD_MIN;

/// A password of 16 letters and digits without look-alikes (no 0/O, 1/l/I).
pub fn generate_password() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    // 256 is not a multiple of 57: reject the top values so every letter is as likely.
    let limit = 256 - 256 % ALPHABET.len();
    let mut out = String::new();
    let mut pool = bytes.to_vec();
    while out.len() < 16 {
        if pool.is_empty() {
            let mut more = [0u8; 16];
            getrandom::fill(&mut more).expect("the operating system's random source");
            pool.extend_from_slice(&more);
        }
        let b = usize::from(pool.pop().unwrap_or(0));
        if b < limit {
            out.push(char::from(ALPHABET[b % ALPHABET.len()]));
        }
    }
    out
}

/// The argon2id hash of a password as a PHC string (`$argon2id$v=19$…`).
pub(crate) fn hash_password(password: &str) -> String {
    Argon2::default()
        .hash_password(password.as_bytes())
        .expect("argon2 with its default parameters")
        .to_string()
}

/// Whether `password` matches the stored PHC string.
pub fn verify_password(stored: &str, password: &str) -> bool {
    // No stored password is longer than the limit: a longer one is wrong without hashing it.
    if password.chars().nth(crate::limits::PASSWORD).is_some() {
        return false;
    }
    PasswordHash::new(stored).is_ok_and(|hash| {
        Argon2::default()
            .verify_password(password.as_bytes(), &hash)
            .is_ok()
    })
}

/// A hash that matches no password, checked when the name is unknown so a failed login
/// takes as long either way.
pub(crate) fn dummy_verify(password: &str) {
    use std::sync::OnceLock;
    static DUMMY: OnceLock<String> = OnceLock::new();
    let stored = DUMMY.get_or_init(|| hash_password(&random_hex(16)));
    let _ = verify_password(stored, password);
}

/// The longest user name, in characters.
pub(crate) const MAX_NAME: usize = crate::limits::USER_NAME;

/// Checks a user name: 1–64 characters, no control characters, no spaces at either end.
pub(crate) fn check_name(name: &str) -> Result<(), AccountError> {
    let ok = !name.is_empty()
        && name.chars().count() <= MAX_NAME
        && name.trim() == name
        && !name.chars().any(char::is_control);
    if ok {
        Ok(())
    } else {
        Err(AccountError::BadName)
    }
}

pub(crate) fn check_password(password: &str) -> Result<(), AccountError> {
    let long_enough = password.chars().nth(MIN_PASSWORD - 1).is_some();
    // Any character may be in a password; only its length is bounded.
    let short_enough = password.chars().nth(crate::limits::PASSWORD).is_none();
    if long_enough && short_enough {
        Ok(())
    } else {
        Err(AccountError::BadPassword)
    }
}
