//! Scores and match needs as a player types them on the command line (`--scores 115-110`,
//! `--scores dealer=110,pone=115`, `--match-need 2-1`), read where the arguments are read: each
//! mistake names the flag, what it takes and an example.

/// Two scores on the board written `A-B`, each 0 to 120, as given to `flag`; `meaning` says
/// what they are and `example` shows the form, for the error.
pub fn score_pair(
    text: &str,
    flag: &str,
    meaning: &str,
    example: &str,
) -> anyhow::Result<[u32; 2]> {
    let scores = score_list(text, 2, flag, meaning, example)?;
    Ok([scores[0], scores[1]])
}

/// `--scores ME-OPP`: yours first, then the opponent's, each 0 to 120; or named,
/// `you=115,opponent=110`, in either order.
pub fn your_scores(text: &str) -> anyhow::Result<[u32; 2]> {
    if text.contains('=') {
        let [you, opponent] = named_scores(text, ["you", "opponent"], "--scores")?;
        return Ok([you, opponent]);
    }
    score_pair(
        text,
        "--scores",
        "your score and the opponent's",
        "ME-OPP (for example 115-110)",
    )
}

/// `--match-need ME-OPP`: the games you and the opponent still need to win a match of two
/// players, yours first, each 1 or more.
pub fn games_needed(text: &str, players: crib::Players) -> anyhow::Result<[u32; 2]> {
    if players.count() != 2 {
        anyhow::bail!("--match-need weighs a match of two players, not {players}");
    }
    let bad = || {
        anyhow::anyhow!(
            "--match-need {}: expected the games you and the opponent still need to win the \
             match, 1 or more each, as ME-OPP (for example 2-1)",
            crib::cards::quoted(text)
        )
    };
    let parts: Vec<u32> = text
        .split('-')
        .map(|s| s.trim().parse::<u32>().ok().filter(|&n| n >= 1))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    match parts[..] {
        [yours, theirs] => Ok([yours, theirs]),
        _ => Err(bad()),
    }
}

/// `--scores` of three or four players, by side: each player's in seat order (three), or each
/// partnership's, seats 1 and 3 first (four).
pub fn scores_by_side(text: &str, players: crib::Players) -> anyhow::Result<Vec<u32>> {
    if players.count() == 3 {
        score_list(
            text,
            3,
            "--scores",
            "each player's score in seat order (seat 1 first, the dealer last)",
            "A-B-C (for example 10-20-30)",
        )
    } else {
        score_list(
            text,
            2,
            "--scores",
            "each partnership's score, seats 1 and 3 first",
            "US-THEM (for example 60-55)",
        )
    }
}

/// Scores named `name=score`, separated by commas, each name of `names` once, in any order
/// (`dealer=110,pone=115`); returned in the order of `names`.
pub fn named_scores<const N: usize>(
    text: &str,
    names: [&str; N],
    flag: &str,
) -> anyhow::Result<[u32; N]> {
    let form = names
        .iter()
        .zip([110, 115, 90])
        .map(|(n, s)| format!("{n}={s}"))
        .collect::<Vec<_>>()
        .join(",");
    let bad = |why: String| {
        anyhow::anyhow!(
            "{flag} {}: {why}; expected {form} (each 0 to 120)",
            crib::cards::quoted(text)
        )
    };
    let mut scores = [None; N];
    for part in text.split(',') {
        let Some((name, score)) = part.split_once('=') else {
            return Err(bad(format!("{} names no seat", crib::cards::quoted(part))));
        };
        let name = name.trim();
        let Some(i) = names.iter().position(|n| n.eq_ignore_ascii_case(name)) else {
            return Err(bad(format!(
                "no seat is called {}",
                crib::cards::quoted(name)
            )));
        };
        let score = score
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&s| s <= 120)
            .ok_or_else(|| bad(format!("{} is not a score", crib::cards::quoted(score))))?;
        if scores[i].replace(score).is_some() {
            return Err(bad(format!("{} is given twice", names[i])));
        }
    }
    let mut all = [0; N];
    for (i, score) in scores.iter().enumerate() {
        all[i] = score.ok_or_else(|| bad(format!("{} is missing", names[i])))?;
    }
    Ok(all)
}

/// `n` scores written `A-B(-C)`, each 0 to 120; a mistake names `flag`, what the scores are
/// (`meaning`) and an `example`.
pub fn score_list(
    text: &str,
    n: usize,
    flag: &str,
    meaning: &str,
    example: &str,
) -> anyhow::Result<Vec<u32>> {
    let bad = || {
        anyhow::anyhow!(
            "{flag} {}: expected {meaning}, 0 to 120, as {example}",
            crib::cards::quoted(text)
        )
    };
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() != n {
        return Err(bad());
    }
    parts
        .iter()
        .map(|s| {
            s.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= 120)
                .ok_or_else(bad)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_named_in_any_order() {
        let dealer_pone = |t: &str| named_scores(t, ["dealer", "pone"], "--scores");
        assert_eq!(dealer_pone("dealer=110,pone=115").unwrap(), [110, 115]);
        assert_eq!(dealer_pone("pone=115, Dealer=110").unwrap(), [110, 115]);
        for (bad, why) in [
            ("110-115", "'110-115' names no seat"),
            ("dealer=110", "pone is missing"),
            ("dealer=110,dealer=1", "dealer is given twice"),
            ("dealer=121,pone=0", "'121' is not a score"),
            ("you=1,pone=2", "no seat is called 'you'"),
        ] {
            let err = dealer_pone(bad).unwrap_err().to_string();
            assert!(err.contains(why), "{bad}: {err}");
            assert!(
                err.ends_with("expected dealer=110,pone=115 (each 0 to 120)"),
                "{err}"
            );
        }
        assert_eq!(your_scores("opponent=110,you=115").unwrap(), [115, 110]);
        assert_eq!(your_scores("115-110").unwrap(), [115, 110]);
    }
}
