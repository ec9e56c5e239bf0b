//! A request to one of the JSON Lines engines (`crib play -`, `crib deal -`), read field by
//! field so that a mistake is named in plain words: which field, and what it takes.

use std::fmt;

use anyhow::{Context, bail};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use crib::cards::quoted;

/// A request: one JSON object.
pub struct Request {
    object: Map<String, Value>,
}

impl Request {
    /// Read one line as a request whose fields are among `fields`; `example` shows one.
    pub fn parse(line: &str, fields: &[&str], example: &str) -> anyhow::Result<Request> {
        let value = parse_json(line).map_err(|err| {
            // A key given twice is JSON all the same: the example of a request has nothing to
            // add to it.
            if !err.starts_with("not JSON") {
                return anyhow::anyhow!("{err}");
            }
            anyhow::anyhow!("{err}; a request is one JSON object on one line, {example}")
        })?;
        let object = match value {
            Value::Object(object) => object,
            other => bail!(
                "a request is a JSON object, {example}, not {}",
                kind_of(&other)
            ),
        };
        if let Some(unknown) = object.keys().find(|k| !fields.contains(&k.as_str())) {
            bail!(
                "unknown field {}: a request takes {}",
                quoted(unknown),
                fields
                    .iter()
                    .map(|f| format!("\"{f}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        Ok(Request { object })
    }

    /// Whether the field is given as an object (`{"you": ..., "opponent": ...}` rather than a
    /// list).
    pub fn is_object(&self, field: &str) -> bool {
        self.object.get(field).is_some_and(Value::is_object)
    }

    /// A list of strings (cards, or the tokens of a play); empty when the field is absent.
    pub fn strings(&self, field: &str, takes: &str) -> anyhow::Result<Vec<String>> {
        let Some(value) = self.object.get(field) else {
            return Ok(Vec::new());
        };
        let wrong = || anyhow::anyhow!("\"{field}\" takes {takes}, not {}", kind_of(value));
        let Value::Array(items) = value else {
            return Err(wrong());
        };
        items
            .iter()
            .map(|item| item.as_str().map(str::to_owned).ok_or_else(wrong))
            .collect()
    }

    /// A list of strings that must be given.
    pub fn required_strings(&self, field: &str, takes: &str) -> anyhow::Result<Vec<String>> {
        if !self.object.contains_key(field) {
            bail!("\"{field}\" is missing: it takes {takes}");
        }
        self.strings(field, takes)
    }

    /// A string; `None` when the field is absent.
    pub fn string(&self, field: &str, takes: &str) -> anyhow::Result<Option<String>> {
        match self.object.get(field) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => bail!("\"{field}\" takes {takes}, not {}", kind_of(other)),
        }
    }

    /// A string that must be given.
    pub fn required_string(&self, field: &str, takes: &str) -> anyhow::Result<String> {
        self.string(field, takes)?
            .with_context(|| format!("\"{field}\" is missing: it takes {takes}"))
    }

    /// A whole number from `low` to `high`; `None` when the field is absent.
    pub fn number(&self, field: &str, low: u64, high: u64) -> anyhow::Result<Option<u64>> {
        let Some(value) = self.object.get(field) else {
            return Ok(None);
        };
        match value.as_u64().filter(|n| (low..=high).contains(n)) {
            Some(n) => Ok(Some(n)),
            None => bail!(
                "\"{field}\" takes a whole number from {low} to {high}, not {}",
                kind_of(value)
            ),
        }
    }

    /// A list of whole numbers from `low` to `high`; `None` when the field is absent.
    pub fn numbers(&self, field: &str, low: u64, high: u64) -> anyhow::Result<Option<Vec<u64>>> {
        let Some(value) = self.object.get(field) else {
            return Ok(None);
        };
        let wrong = |what: &Value| {
            anyhow::anyhow!(
                "\"{field}\" takes a list of whole numbers from {low} to {high}, not {}",
                kind_of(what)
            )
        };
        let Value::Array(items) = value else {
            return Err(wrong(value));
        };
        items
            .iter()
            .map(|item| {
                item.as_u64()
                    .filter(|n| (low..=high).contains(n))
                    .ok_or_else(|| wrong(item))
            })
            .collect::<anyhow::Result<Vec<u64>>>()
            .map(Some)
    }

    /// A list of lists of strings (a hand of cards for each seat); empty when absent.
    pub fn string_lists(&self, field: &str, takes: &str) -> anyhow::Result<Vec<Vec<String>>> {
        let Some(value) = self.object.get(field) else {
            return Ok(Vec::new());
        };
        let wrong =
            |what: &Value| anyhow::anyhow!("\"{field}\" takes {takes}, not {}", kind_of(what));
        let Value::Array(lists) = value else {
            return Err(wrong(value));
        };
        lists
            .iter()
            .map(|list| {
                let Value::Array(items) = list else {
                    return Err(wrong(list));
                };
                items
                    .iter()
                    .map(|item| item.as_str().map(str::to_owned).ok_or_else(|| wrong(item)))
                    .collect()
            })
            .collect()
    }

    /// An object of whole numbers 0 to 120 by name, each of `names` required: a board's scores.
    pub fn scores(&self, field: &str, names: &[&str]) -> anyhow::Result<Option<Vec<u32>>> {
        self.by_name(field, names, ("scores, 0 to 120", "from 0 to 120"), 0..=120)
    }

    /// `"match_need"`: the games you and the opponent still need to win a match of two
    /// players, `{"you", "opponent"}`, 1 or more each; `None` for a game alone.
    pub fn match_need(&self, players: crib::Players) -> anyhow::Result<Option<[u32; 2]>> {
        let need = self.by_name(
            "match_need",
            &["you", "opponent"],
            (
                "the games each player still needs to win the match, 1 or more each",
                "1 or more",
            ),
            1..=u64::from(u32::MAX),
        )?;
        match need {
            None => Ok(None),
            Some(_) if players.count() != 2 => {
                bail!("\"match_need\" weighs a match of two players, not {players}")
            }
            Some(need) => Ok(Some([need[0], need[1]])),
        }
    }

    /// An object of whole numbers in `range` by name, each of `names` required; for messages,
    /// `what` names the numbers and their range, and `within` the range of one.
    fn by_name(
        &self,
        field: &str,
        names: &[&str],
        (what, within): (&str, &str),
        range: std::ops::RangeInclusive<u64>,
    ) -> anyhow::Result<Option<Vec<u32>>> {
        let Some(value) = self.object.get(field) else {
            return Ok(None);
        };
        let takes = format!(
            "an object of {what}, {{{}}}",
            names
                .iter()
                .map(|n| format!("\"{n}\": ..."))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let Value::Object(numbers) = value else {
            bail!("\"{field}\" takes {takes}, not {}", kind_of(value));
        };
        if let Some(unknown) = numbers.keys().find(|k| !names.contains(&k.as_str())) {
            bail!(
                "\"{field}\" has an unknown key {}: it takes {takes}",
                quoted(unknown)
            );
        }
        names
            .iter()
            .map(|name| {
                let number = numbers
                    .get(*name)
                    .with_context(|| format!("\"{field}\" lacks \"{name}\": it takes {takes}"))?;
                number
                    .as_u64()
                    .filter(|n| range.contains(n))
                    .map(|n| n as u32)
                    .with_context(|| {
                        format!(
                            "\"{field}\".\"{name}\" takes a whole number {within}, not {}",
                            kind_of(number)
                        )
                    })
            })
            .collect::<anyhow::Result<Vec<u32>>>()
            .map(Some)
    }
}

/// One line of JSON, read strictly: an object that names a key twice is refused, naming the
/// key, where serde_json would keep the last value. The message says where on the line a
/// mistake is (`at column 30`): each request is one line, so its line is the input's.
pub fn parse_json(line: &str) -> Result<Value, String> {
    let mut input = serde_json::Deserializer::from_str(line);
    let read = Strict::deserialize(&mut input).and_then(|Strict(value)| {
        input.end()?;
        Ok(value)
    });
    read.map_err(|err| {
        let text = err.to_string();
        let place = format!(" at line {} column {}", err.line(), err.column());
        let what = text.strip_suffix(&place).unwrap_or(&text);
        if err.is_data() {
            // Only a duplicate key is refused while reading: what it says is whole.
            format!("{what} (at column {})", err.column())
        } else {
            format!("not JSON: {what} at column {}", err.column())
        }
    })
}

/// A JSON value read with every object's keys told apart.
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Strict, D::Error> {
        deserializer.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(Value::from(n))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::from(s))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "the key \"{}\" is given twice: each key once",
                    key.escape_debug()
                )));
            }
            let Strict(value) = map.next_value()?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

/// What a JSON value is, as a message names it: `an array`, `the number 5`, `"x"`.
fn kind_of(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => quoted(s).replace('\'', "\""),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELDS: [&str; 3] = ["hand", "role", "scores"];

    fn parse(line: &str) -> anyhow::Result<Request> {
        Request::parse(line, &FIELDS, "{\"hand\": [...]}")
    }

    fn error(result: anyhow::Result<impl Sized>) -> String {
        format!("{:#}", result.err().expect("an error"))
    }

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth() {
        assert_eq!(
            error(parse("{\"role\": \"pone\", \"role\": \"dealer\"}")),
            "the key \"role\" is given twice: each key once (at column 23)"
        );
        assert!(
            error(parse("{\"scores\": [{\"a\": 1, \"a\": 2}]}")).contains("\"a\" is given twice")
        );
        assert_eq!(
            parse_json("{\"a\": [1, 2.5, null, true, \"x\", {}]}").unwrap(),
            serde_json::json!({"a": [1, 2.5, null, true, "x", {}]})
        );
        assert_eq!(
            parse_json("{\"a\": 1").unwrap_err(),
            "not JSON: EOF while parsing an object at column 7"
        );
        assert_eq!(
            parse_json("{} x").unwrap_err(),
            "not JSON: trailing characters at column 4"
        );
    }

    #[test]
    fn mistakes_are_named_in_words() {
        assert!(error(parse("[1, 2]")).contains("a request is a JSON object"));
        assert!(error(parse("{\"x\": 1}")).contains("unknown field 'x'"));
        let request =
            parse("{\"hand\": \"5h\", \"role\": 3, \"scores\": {\"dealer\": 200}}").unwrap();
        assert_eq!(
            error(request.strings("hand", "a list of cards")),
            "\"hand\" takes a list of cards, not \"5h\""
        );
        assert_eq!(
            error(request.string("role", "\"pone\" or \"dealer\"")),
            "\"role\" takes \"pone\" or \"dealer\", not the number 3"
        );
        assert!(
            error(request.scores("scores", &["dealer"]))
                .contains("\"scores\".\"dealer\" takes a whole number from 0 to 120")
        );
        assert!(error(request.required_string("x", "a card")).contains("\"x\" is missing"));
    }
}
