//! crib's JSON contract: a JSON Schema (draft 2020-12) for every `--json` output and every
//! engine message, committed in `schemas/NAME.json` and printed by `crib schema NAME`.
//!
//! - A seeded sample of real outputs (every subcommand, two to four players, the batch modes
//!   with their bad lines, the events of a game and of each drill, both sides of the engine
//!   protocol) is validated against the schemas, closed: an object may hold no field its schema
//!   does not name, so a field renamed, added or removed fails here until the schema says so.
//! - So is every JSON line that the docs show: the output of each `$ crib ... --json` example
//!   (and of the engines), and each ```json block.
//!
//! `CRIB_BLESS=1 cargo test --test cli schemas::` writes the schemas again from the sample,
//! keeping the titles and descriptions already written: its diff is the change to the contract,
//! which docs/json.md says how to make.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::common::{crib, greedy_match_logs, scratch};

/// The schemas, as `crib schema` lists them.
fn names() -> Vec<String> {
    let output = crib().args(["schema", "--json"]).output().unwrap();
    let list: Value = serde_json::from_slice(&output.stdout).unwrap();
    list["schemas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_owned())
        .collect()
}

fn schema_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas")
        .join(format!("{name}.json"))
}

/// The JSON objects among an output's lines.
fn objects(text: &str) -> Vec<Value> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l.trim()).ok())
        .filter(Value::is_object)
        .collect()
}

/// The sample: real outputs by schema.
struct Sample {
    by_schema: BTreeMap<String, Vec<Value>>,
}

impl Sample {
    /// Run `crib ARGS` with `stdin`; each JSON line of its stdout goes to `schema`.
    fn run(&mut self, schema: &str, args: &[&str], stdin: &str) {
        let output = crib()
            .args(args)
            .write_stdin(stdin.to_owned())
            .timeout(std::time::Duration::from_secs(300))
            .output()
            .unwrap();
        assert!(
            matches!(output.status.code(), Some(0..=2)),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let found = objects(&String::from_utf8_lossy(&output.stdout));
        assert!(!found.is_empty(), "{args:?} printed no JSON");
        self.by_schema
            .entry(schema.to_owned())
            .or_default()
            .extend(found);
    }

    fn add(&mut self, schema: &str, values: Vec<Value>) {
        self.by_schema
            .entry(schema.to_owned())
            .or_default()
            .extend(values);
    }
}

const HANDS: [&str; 8] = [
    "5h 5c 5s Jd 5d",
    "4h 5c 6d 7s 8h",
    "2c 3d 4h 5s 6c",
    "Jh Qh Kh 10h 5h",
    "Ah 2h 3h 4h Kc",
    "7c 8c 9d 9s 8h",
    "Kd Qs 9c 2h 4s",
    "5d 10s Jc Qh Kd",
];

/// Every output of the sample, by schema.
fn sample() -> Sample {
    let mut s = Sample {
        by_schema: BTreeMap::new(),
    };
    let words = |text: &str| -> Vec<String> { text.split_whitespace().map(String::from).collect() };
    let run = |s: &mut Sample, schema: &str, text: &str, stdin: &str| {
        let args = words(text);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        s.run(schema, &args, stdin);
    };
    // Counting.
    for hand in HANDS {
        run(&mut s, "score", &format!("score {hand} --json"), "");
        run(&mut s, "score", &format!("score --crib {hand} --json"), "");
    }
    run(&mut s, "score", "score 5 5 5 J 5 --json", "");
    run(
        &mut s,
        "score",
        "score 4h 5c 6d 7s 8h --claim 10 --json",
        "",
    );
    let batch = HANDS.join("\n") + "\nxx\n5h 5c\n";
    run(&mut s, "score", "score - --json", &batch);
    run(&mut s, "score", "score - --total --json", &batch);
    run(&mut s, "peg", "peg 4 6 5 3 --json", "");
    run(&mut s, "peg", "peg 10 K 9 go 2 7 8 6 5 --json", "");
    run(&mut s, "peg", "peg --players 4 7 8 8 8 --json", "");
    run(&mut s, "peg", "peg --players 3 5 5 5 --json", "");
    run(&mut s, "check", "check --json", "");
    run(&mut s, "stats", "stats --json", "");
    run(&mut s, "stats", "stats --crib --json", "");
    run(&mut s, "stats", "stats 5h 5c 5s Jd --json", "");
    run(&mut s, "stats", "stats 5h 5c 5s Jd --need 20 --json", "");
    // Advice and the board.
    for args in [
        "discard 5h Jd 5c 5s 4d 6d --dealer",
        "discard 5h Jd 5c 5s 4d 6d --pone --scores 60-70",
        "discard 5h Jd 5c 5s 4d 6d --dealer --scores 115-110",
        "discard --players 3 Jh 4h 5c 8s Kd --pone",
        "discard --players 4 Jh 4h 5c 8s Kd --partner-deals",
        "discard --players 3 --seat 1 5h 5c 5s Jd 4d --scores 116-110-119",
        "discard 5h Jd 5c 5s 4d 6d --dealer --play-model none --crib-model uniform",
    ] {
        run(&mut s, "discard", &format!("{args} --json"), "");
    }
    for args in [
        "discard --table",
        "discard --table --pone",
        "discard --table --players 3",
        "discard --table --players 4 --seat 2",
    ] {
        run(&mut s, "discard-table", &format!("{args} --json"), "");
    }
    for args in [
        "discard --play-table 6 7 8 9",
        "discard --play-table 5 5 --pone",
        "discard --play-table --players 3",
    ] {
        run(&mut s, "discard-play-table", &format!("{args} --json"), "");
    }
    for args in [
        "play --hand 6h 7c 8d 9s --pone",
        "play --hand 6h 7c 8d 9s --pone 8d 10",
        "play --hand 5h 5c Jd Ks --dealer --starter 4c --thrown 2h 3s 10 5c 6",
        "play --players 3 --seat 2 --hand 5h 6c 7d Ks --starter 2c 8",
        "play --hand 5h 5c Jd Ks --dealer --starter 4c --thrown 2h 3s --scores 100-110 10",
    ] {
        run(&mut s, "play", &format!("{args} --json"), "");
    }
    let plays = [
        r#"{"hand": ["6h", "7c", "8d", "9s"], "role": "pone", "sequence": ["8d", "10"]}"#,
        r#"{"hand": ["5h", "5c", "Jd", "Ks"], "role": "dealer", "starter": "4c", "sequence": []}"#,
        r#"{"players": 3, "seat": 2, "hand": ["5h", "6c", "7d", "Ks"], "sequence": ["8"]}"#,
        "[1]",
    ]
    .join("\n");
    run(&mut s, "play", "play -", &plays);
    for args in [
        "deal -p 5h 5c Jd Ks -d 4c 4d 6h 6s -c 2h 3s 7c 8d -s 5s K 6 5 4 5 6 J 4",
        "deal --scores dealer=110,pone=115 -p 5h 5c Jd Ks 2h 3s --pone-throw 2h 3s -d 4c 4d 6h 6s 7c 8d --dealer-throw 7c 8d -s 5s K 6 5 4 5 go 6 J 4",
        "deal --players 3 --game 61 --hand 5h 6c 7d Ks --hand 4c 4d 9h 9s --hand 2h 3s 8c Td --crib 5d Qh Jc Ac -s 5s 5 4 3 6 9 2 7 9 8 go 4 T K",
    ] {
        run(&mut s, "deal", &format!("{args} --json"), "");
    }
    let deals = [
        r#"{"pone": ["5h", "5c", "Jd", "Ks"], "dealer": ["4c", "4d", "6h", "6s"], "crib": ["2h", "3s", "7c", "8d"], "starter": "5s", "play": ["K", "6", "5", "4", "5", "6", "J", "4"]}"#,
        r#"{"pone": ["5h"]}"#,
    ]
    .join("\n");
    run(&mut s, "deal", "deal -", &deals);
    for args in [
        "odds 95 110 --dealer",
        "odds 0 0 --pone",
        "odds 50 40 --dealer --game 61",
        "odds --players 3 40 35 50",
        "odds --players 4 100 90 --dealer",
        "odds 90 100 --dealer --match-need 2-1",
    ] {
        run(&mut s, "odds", &format!("{args} --json"), "");
    }
    run(&mut s, "odds-table", "odds --table --json", "");
    // Games and drills.
    let best = "best\n".repeat(400);
    // A seed hidden: the start (the cut without its seed) and, carried on from a log that
    // hides its seed, the end (the seed revealed); the sample stays the same from run to run.
    run(&mut s, "game", "game --game 61 --json", "quit\n");
    let dir = scratch("schemas-hidden");
    let hidden = dir.join("hidden.jsonl");
    crib()
        .args(["game", "--seed", "9", "--game", "61", "--log"])
        .arg(&hidden)
        .write_stdin("best\n".repeat(12) + "quit\n")
        .assert()
        .success();
    let text = std::fs::read_to_string(&hidden).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let commitment = lines[0]["log"]["commitment"].as_str().unwrap().to_owned();
    let stripped: String = lines
        .into_iter()
        .map(|mut l| {
            l["log"].as_object_mut().unwrap().remove("seed");
            format!("{l}\n")
        })
        .collect();
    std::fs::write(&hidden, stripped).unwrap();
    let seeds = std::env::temp_dir()
        .join("crib-tests-data")
        .join("crib")
        .join("seeds");
    std::fs::create_dir_all(&seeds).unwrap();
    std::fs::write(seeds.join(format!("{commitment}.seed")), "9\n").unwrap();
    run(
        &mut s,
        "game",
        &format!("game --resume {} --json", hidden.display()),
        &best,
    );
    std::fs::remove_dir_all(&dir).unwrap();
    for args in [
        "game --seed 5 --game 61",
        "game --seed 3 --game 61 --players 3",
        "game --seed 4 --game 61 --players 4 --muggins",
    ] {
        run(&mut s, "game", &format!("{args} --json"), &best);
    }
    run(&mut s, "game", "game --seed 6 --json", "best\n?\nquit\n");
    run(
        &mut s,
        "game",
        "game --seed 7 --game 61 --muggins --json",
        &"0\n".repeat(400),
    );
    for args in [
        "train count --seed 3 --rounds 3",
        "train discard --seed 3 --rounds 2 --board",
        "train play --seed 3 --rounds 2",
        "train play --seed 3 --rounds 2 --players 3",
    ] {
        run(
            &mut s,
            "train",
            &format!("{args} --json"),
            "?\nbest\n2\nq\n",
        );
    }
    // The coach, on logs of a match.
    let dir = scratch("schemas");
    let logs = greedy_match_logs(&dir);
    let log = logs.join("game-00001.jsonl");
    let log = log.to_str().unwrap();
    let logs_text = logs.to_str().unwrap();
    run(&mut s, "review", &format!("review {log} --json"), "");
    run(
        &mut s,
        "review",
        &format!("review {log} --player greedy --no-board --json"),
        "",
    );
    run(
        &mut s,
        "review",
        "review --json --seat 1 -- -p 5h 5c Jd Ks 2h 3s --pone-throw 2h 3s -d 4c 4d 6h 6s 7c 8d --dealer-throw 7c 8d -s 5s K 6 5 4 5 go 6 J 4",
        "",
    );
    run(&mut s, "verify", &format!("verify {log} --json"), "");
    let short: String = std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .take(1)
        .map(|l| format!("{l}\n"))
        .collect();
    run(&mut s, "verify", "verify - --json", &short);
    run(
        &mut s,
        "stats-logs",
        &format!("stats --logs {log} --json"),
        "",
    );
    run(
        &mut s,
        "stats-logs",
        &format!("stats --logs {logs_text} --player greedy --json"),
        "",
    );
    let state = dir.join("train.json");
    run(
        &mut s,
        "train",
        &format!(
            "train mistakes --logs {logs_text} --player greedy --state {} --today 2026-12-01 --json",
            state.display()
        ),
        "best\n?\nq\n",
    );
    // Matches, and both sides of the engine protocol.
    run(
        &mut s,
        "match",
        "match crib:greedy crib:random --games 2 --seed 1 --json",
        "",
    );
    run(
        &mut s,
        "match",
        "match crib:greedy crib:random crib:novice --games 2 --seed 1 --json",
        "",
    );
    run(
        &mut s,
        "match",
        "match crib:greedy crib:random --sprt 0,20 --games 4 --seed 1 --json",
        "",
    );
    run(
        &mut s,
        "match",
        "match --round-robin crib:greedy crib:random crib:novice --games 2 --seed 1 --json",
        "",
    );
    // A match's records, whole and in parts, with two and three players.
    run(
        &mut s,
        "match-record",
        "match crib:greedy crib:random --games 4 --seed 1 --records -",
        "",
    );
    run(
        &mut s,
        "match-record",
        "match crib:greedy crib:random crib:novice --games 12 --seed 1 --part 2/2 --records -",
        "",
    );
    let forfeits = crib()
        .args([
            "match",
            "bad",
            "crib:greedy",
            "--games",
            "2",
            "--seed",
            "1",
            "--records",
            "-",
        ])
        .arg("--engine")
        .arg(format!(
            "bad=python3 '{}' --misbehave error",
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/engines/greedy.py")
                .display()
        ))
        .output()
        .unwrap();
    assert!(forfeits.status.success());
    s.add(
        "match-record",
        objects(&String::from_utf8_lossy(&forfeits.stdout)),
    );
    for (players, named) in [
        ("2", &["crib:greedy", "bot"][..]),
        ("3", &["crib:greedy", "bot", "crib:random"][..]),
        ("4", &["crib:greedy", "bot"][..]),
    ] {
        let output = crib()
            .arg("match")
            .args(named)
            .args(["--players", players])
            .args(["--games", "1", "--seed", "2", "--debug", "--json"])
            .arg("--engine")
            .arg(format!(
                "bot={} engine --level expert",
                assert_cmd::cargo::cargo_bin("crib").display()
            ))
            .timeout(std::time::Duration::from_secs(300))
            .output()
            .unwrap();
        assert!(output.status.success());
        s.add("match", objects(&String::from_utf8_lossy(&output.stdout)));
        let traffic = String::from_utf8_lossy(&output.stderr);
        for (way, schema) in [("bot < ", "engine-request"), ("bot > ", "engine-answer")] {
            let lines: String = traffic
                .lines()
                .filter_map(|l| l.strip_prefix(way))
                .map(|l| format!("{l}\n"))
                .collect();
            s.add(schema, objects(&lines));
        }
    }
    let requests = [
        r#"{"ask": "hello", "protocol": 1}"#,
        r#"{"ask": "throw", "players": 2, "game": 121, "seat": 1, "role": "pone", "dealt": ["5h", "5c", "5s", "Jd", "2c", "9h"], "scores": {"you": 0, "opponent": 0}}"#,
        r#"{"ask": "hello", "protocol": 7}"#,
        r#"{"ask": "fold"}"#,
    ]
    .join("\n");
    run(&mut s, "engine-answer", "engine --level greedy", &requests);
    std::fs::remove_dir_all(&dir).unwrap();
    s
}

/// A schema closed: every object that names its fields takes no other.
fn closed(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => {
            let mut out: Map<String, Value> =
                map.iter().map(|(k, v)| (k.clone(), closed(v))).collect();
            if out.contains_key("properties") && !out.contains_key("additionalProperties") {
                out.insert("additionalProperties".into(), Value::Bool(false));
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(closed).collect()),
        other => other.clone(),
    }
}

/// What is wrong with `value` under the schema `name`, closed.
fn problems(name: &str, value: &Value) -> Vec<String> {
    let text = std::fs::read_to_string(schema_path(name)).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(&closed(&schema)).unwrap();
    validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

// ---- Inference, for CRIB_BLESS: a schema of what the sample printed. ----

/// The variant of an output a schema tells apart: an event or an ask by its name, an answer by
/// the field that makes it one, a batch mode's error line.
/// A variant's name, and the field and value that tell it apart, if one does.
type Variant = (String, Option<(&'static str, String)>);

fn variant(name: &str, value: &Value) -> Variant {
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_owned);
    match name {
        // A line of advice (`?`) in a game's stream is the advice's own JSON, with no event.
        "game" if value.get("event").is_none() => ("advice".into(), None),
        "game" | "train" => {
            let event = text("event").unwrap_or_default();
            (event.clone(), Some(("event", event)))
        }
        "engine-request" => {
            let ask = text("ask").unwrap_or_default();
            (ask.clone(), Some(("ask", ask)))
        }
        _ if value.get("error").is_some() => ("error".into(), None),
        "engine-answer" => {
            let kind = ["throw", "card", "protocol"]
                .into_iter()
                .find(|k| value.get(k).is_some())
                .map_or("answer", |k| if k == "protocol" { "hello" } else { k });
            (kind.into(), None)
        }
        "score" if value.get("total").is_some() && value.get("hand").is_none() => {
            ("total".into(), None)
        }
        "score" => ("hand".into(), None),
        "play" => ("advice".into(), None),
        "deal" => ("deal".into(), None),
        "odds" if value.get("p_win").is_none() => ("three players".into(), None),
        "odds" => ("two sides".into(), None),
        "match" if value.get("pairs").is_some() => ("round robin".into(), None),
        "match" => ("match".into(), None),
        _ => (String::new(), None),
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// A schema of every value in `values`.
fn infer(values: &[&Value]) -> Value {
    let mut scalars: Vec<&str> = Vec::new();
    let mut arrays: Vec<&Value> = Vec::new();
    let mut objects: Vec<&Value> = Vec::new();
    for value in values {
        match kind(value) {
            "array" => arrays.push(value),
            "object" => objects.push(value),
            k => {
                if !scalars.contains(&k) {
                    scalars.push(k);
                }
            }
        }
    }
    if scalars.contains(&"number") {
        scalars.retain(|k| *k != "integer");
    }
    let mut options: Vec<Value> = Vec::new();
    if !objects.is_empty() {
        options.push(infer_object(&objects));
    }
    if !arrays.is_empty() {
        let items: Vec<&Value> = arrays
            .iter()
            .flat_map(|a| a.as_array().unwrap().iter())
            .collect();
        let mut array = json!({"type": "array"});
        if !items.is_empty() {
            array["items"] = infer(&items);
        }
        options.push(array);
    }
    // Null beside one other kind is that kind or null; scalars together are one type list.
    let null = scalars.contains(&"null");
    scalars.retain(|k| *k != "null");
    if !scalars.is_empty() {
        options.push(if scalars.len() == 1 {
            json!({"type": scalars[0]})
        } else {
            json!({"type": scalars})
        });
    }
    match (options.len(), null) {
        (0, true) => json!({"type": "null"}),
        (0, false) => json!({}),
        (1, false) => options.pop().unwrap(),
        (1, true) => {
            let mut only = options.pop().unwrap();
            match only.get("type").cloned() {
                Some(Value::String(t)) => only["type"] = json!([t, "null"]),
                Some(Value::Array(mut ts)) => {
                    ts.push(json!("null"));
                    only["type"] = Value::Array(ts);
                }
                _ => return json!({"anyOf": [only, {"type": "null"}]}),
            }
            only
        }
        (_, null) => {
            if null {
                options.push(json!({"type": "null"}));
            }
            json!({ "anyOf": options })
        }
    }
}

fn infer_object(objects: &[&Value]) -> Value {
    let mut fields: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
    for object in objects {
        for (key, value) in object.as_object().unwrap() {
            fields.entry(key).or_default().push(value);
        }
    }
    let required: Vec<&str> = fields
        .iter()
        .filter(|(_, values)| values.len() == objects.len())
        .map(|(k, _)| *k)
        .collect();
    let properties: Map<String, Value> = fields
        .iter()
        .map(|(k, values)| ((*k).to_owned(), infer(values)))
        .collect();
    json!({"type": "object", "properties": properties, "required": required})
}

/// The schema of `name` from the sample, its variants told apart.
fn schema_of(name: &str, values: &[Value]) -> Value {
    let mut variants: BTreeMap<String, (Variant, Vec<&Value>)> = BTreeMap::new();
    for value in values {
        let found = variant(name, value);
        variants
            .entry(found.0.clone())
            .or_insert((found, Vec::new()))
            .1
            .push(value);
    }
    let mut schemas: Vec<Value> = variants
        .into_iter()
        .map(|(key, ((_, tag), values))| {
            let mut schema = infer_object(&values);
            if let Some((field, value)) = tag {
                schema["properties"][field] = json!({ "const": value });
            }
            if !key.is_empty() {
                schema["title"] = json!(key);
            }
            schema
        })
        .collect();
    if schemas.len() == 1 {
        let mut only = schemas.pop().unwrap();
        if let Some(map) = only.as_object_mut() {
            map.remove("title");
        }
        only
    } else {
        json!({ "anyOf": schemas })
    }
}

/// Carry each title and description of `old` over to the same place in `new`, and what a
/// person made of the sample there: a field made optional stays optional, and a type widened
/// (to take null, say, which no sample printed) stays wide.
fn keep_words(old: &Value, new: &mut Value) {
    let (Value::Object(old), Value::Object(new)) = (old, new) else {
        return;
    };
    if let (Some(Value::Array(before)), Some(Value::Array(now))) =
        (old.get("required"), new.get_mut("required"))
    {
        now.retain(|field| before.contains(field));
    }
    let types = |schema: &Map<String, Value>| -> Vec<Value> {
        match schema.get("type") {
            Some(Value::Array(list)) => list.clone(),
            Some(one) => vec![one.clone()],
            None => Vec::new(),
        }
    };
    let (before, now) = (types(old), types(new));
    if !now.is_empty() && now.iter().all(|t| before.contains(t)) {
        new.insert("type".into(), old["type"].clone());
    }
    // What the schema said that this sample did not print (a field seen in another run, or
    // written by hand) stays, optional: taking a field out of the contract is done by hand.
    for key in ["properties", "items", "required"] {
        if let Some(said) = old.get(key)
            && !new.contains_key(key)
        {
            new.insert(key.into(), said.clone());
        }
    }
    if let (Some(Value::Object(before)), Some(Value::Object(now))) =
        (old.get("properties"), new.get_mut("properties"))
    {
        for (field, schema) in before {
            now.entry(field.clone()).or_insert_with(|| schema.clone());
        }
    }
    for key in ["title", "description", "$comment"] {
        if let Some(words) = old.get(key)
            && !(key == "title" && new.contains_key("title"))
        {
            new.insert(key.into(), words.clone());
        }
    }
    if let (Some(Value::Object(old)), Some(Value::Object(new))) =
        (old.get("properties"), new.get_mut("properties"))
    {
        for (field, schema) in new.iter_mut() {
            if let Some(before) = old.get(field) {
                keep_words(before, schema);
            }
        }
    }
    if let (Some(old), Some(new)) = (old.get("items"), new.get_mut("items")) {
        keep_words(old, new);
    }
    if let (Some(Value::Array(old)), Some(Value::Array(new))) =
        (old.get("anyOf"), new.get_mut("anyOf"))
    {
        for schema in new.iter_mut() {
            let title = schema.get("title").cloned();
            let before = old.iter().find(|o| o.get("title") == title.as_ref());
            if let Some(before) = before {
                keep_words(before, schema);
            }
        }
    }
}

/// The top of a schema: what it is, before what it holds.
fn headed(name: &str, old: &Value, body: Value) -> Value {
    let mut out = Map::new();
    out.insert(
        "$schema".into(),
        json!("https://json-schema.org/draft/2020-12/schema"),
    );
    out.insert("$id".into(), json!(format!("urn:crib:schema:{name}")));
    for key in ["title", "description"] {
        let words = old
            .get(key)
            .cloned()
            .unwrap_or_else(|| json!(format!("TODO: say what {name} is")));
        out.insert(key.into(), words);
    }
    let mut body = body;
    keep_words(old, &mut body);
    if let Value::Object(body) = body {
        for (k, v) in body {
            if k != "title" && k != "description" {
                out.insert(k, v);
            }
        }
    }
    Value::Object(out)
}

#[test]
fn every_output_of_the_sample_is_what_its_schema_says() {
    let sample = sample();
    let names = names();
    if std::env::var_os("CRIB_BLESS").is_some() {
        for (name, values) in &sample.by_schema {
            let path = schema_path(name);
            let old: Value = std::fs::read_to_string(&path)
                .ok()
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or(Value::Null);
            let schema = headed(name, &old, schema_of(name, values));
            std::fs::write(&path, serde_json::to_string_pretty(&schema).unwrap() + "\n").unwrap();
        }
    }
    let sampled: Vec<&String> = sample.by_schema.keys().collect();
    let mut listed: Vec<&String> = names.iter().collect();
    listed.sort();
    assert_eq!(sampled, listed, "every schema is sampled, and only those");
    let mut wrong = Vec::new();
    for (name, values) in &sample.by_schema {
        for value in values {
            let found = problems(name, value);
            if !found.is_empty() {
                wrong.push(format!("{name}: {value}\n  {}", found.join("\n  ")));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The schema a documented command's JSON follows: by its subcommand and flags.
fn schema_for(command: &str) -> Option<&'static str> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "crib")?;
    let rest = &words[at + 1..];
    let has = |flag: &str| rest.contains(&flag);
    let json = has("--json");
    Some(match *rest.first()? {
        "engine" => "engine-answer",
        "play" if json || has("-") => "play",
        "deal" if json || has("-") => "deal",
        "score" if json => "score",
        "discard" if json && has("--play-table") => "discard-play-table",
        "discard" if json && has("--table") => "discard-table",
        "odds" if json && has("--table") => "odds-table",
        "stats" if json && has("--logs") => "stats-logs",
        other if json => [
            "peg", "discard", "odds", "check", "stats", "game", "train", "review", "verify",
            "match",
        ]
        .into_iter()
        .find(|name| *name == other)?,
        _ => return None,
    })
}

#[test]
fn every_json_example_in_the_docs_is_what_its_schema_says() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for file in crate::docs::files() {
        for example in crate::docs::examples(&file) {
            let Some(name) = schema_for(&example.command) else {
                continue;
            };
            for value in objects(&example.shown.join("\n")) {
                checked += 1;
                for problem in problems(name, &value) {
                    wrong.push(format!("{}:{}: {problem}", file.display(), example.line));
                }
            }
        }
        // Each ```json block: engine messages, told apart by what they hold.
        let text = std::fs::read_to_string(&file).unwrap();
        let mut inside = false;
        for (i, line) in text.lines().enumerate() {
            if line.starts_with("```") {
                inside = line == "```json";
                continue;
            }
            if !inside {
                continue;
            }
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: not JSON: {e}", file.display(), i + 1));
            let name = if value.get("ask").is_some() {
                "engine-request"
            } else {
                "engine-answer"
            };
            checked += 1;
            for problem in problems(name, &value) {
                wrong.push(format!("{}:{}: {problem}", file.display(), i + 1));
            }
        }
    }
    assert!(checked >= 10, "only {checked} JSON examples found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `crib schema NAME` prints the committed schema, byte for byte, and each is a schema.
#[test]
fn crib_schema_prints_each_schema() {
    for name in names() {
        let output = crib().args(["schema", &name]).output().unwrap();
        assert!(output.status.success());
        let committed = std::fs::read(schema_path(&name)).unwrap();
        assert_eq!(output.stdout, committed, "{name}");
        let schema: Value = serde_json::from_slice(&committed).unwrap();
        assert_eq!(
            schema["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
        assert!(
            schema["description"]
                .as_str()
                .is_some_and(|d| !d.starts_with("TODO")),
            "{name} says what it is"
        );
        jsonschema::meta::validate(&schema).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    crate::common::assert_rejected(&["schema", "scores"], "scores");
}
