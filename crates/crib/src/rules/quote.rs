//! How crib quotes what it was given in a message, and writes counts for people.

/// The most characters of a token that a message quotes.
pub(crate) const QUOTE_LIMIT: usize = 40;

/// A token as a message quotes it: escaped so that it prints on one line, and cut after
/// 40 characters (then `…` and its length in bytes), so that no input, however
/// long, makes a long message.
pub fn quoted(token: &str) -> String {
    match token.char_indices().nth(QUOTE_LIMIT) {
        None => format!("'{}'", escaped(token)),
        Some((cut, _)) => format!(
            "'{}…' ({} bytes)",
            escaped(&token[..cut]),
            thousands(token.len() as u64)
        ),
    }
}

/// `text` on one line: a line break, a tab and a return as `\n`, `\t`, `\r`, a quote or a
/// backslash escaped, and any other character that does not print as itself (a control
/// character, an invisible one) by its code point, `<U+001B>`.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\\' | '\'' => {
                out.push('\\');
                out.push(c);
            }
            _ if c.escape_debug().nth(1) == Some('u') => {
                out.push_str(&format!("<U+{:04X}>", u32::from(c)));
            }
            _ => out.push(c),
        }
    }
    out
}

/// A count with thousands separators, as crib writes counts for people: `12,994,800`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_quotes() {
        assert_eq!(thousands(12_994_800), "12,994,800");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(quoted("5x"), "'5x'");
        assert_eq!(quoted("a\nb"), "'a\\nb'");
        // Not Rust's `\u{1}`: the code point, as people read it.
        assert_eq!(quoted("5d\u{1}"), "'5d<U+0001>'");
        assert_eq!(quoted("a\u{1b}b'"), "'a<U+001B>b\\''");
        let long = "x".repeat(100);
        assert_eq!(quoted(&long), format!("'{}…' (100 bytes)", "x".repeat(40)));
    }
}
