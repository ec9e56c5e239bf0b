//! Every committed table is the file it was pinned as: a table edited by hand (or left stale by
//! a generator run that did not pin it) fails here.

use xtask::locks::{current, digest};
use xtask::pins::PINS;

#[test]
fn every_table_is_as_pinned() {
    let files = current().unwrap();
    let mut wrong = Vec::new();
    for (folder, name, bytes) in &files {
        match PINS.iter().find(|p| p.folder == folder && p.name == name) {
            None => wrong.push(format!("{folder}/{name} is not pinned")),
            Some(pin) if pin.len != bytes.len() as u64 || pin.digest != digest(bytes) => {
                wrong.push(format!(
                    "{folder}/{name}: {} bytes, digest {:#018x}; pinned {} bytes, {:#018x}",
                    bytes.len(),
                    digest(bytes),
                    pin.len,
                    pin.digest
                ));
            }
            Some(_) => {}
        }
    }
    for pin in PINS {
        if !files
            .iter()
            .any(|(f, n, _)| f == pin.folder && n == pin.name)
        {
            wrong.push(format!("{}/{} is pinned but missing", pin.folder, pin.name));
        }
    }
    assert!(
        wrong.is_empty(),
        "{}\nA table changed: regenerate it with `cargo xtask tables STEP` (which pins what it \
         writes), or, if the change is meant, `cargo xtask pins`.",
        wrong.join("\n")
    );
}

#[test]
fn the_digest_is_fnv_1a() {
    assert_eq!(digest(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(digest(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_ne!(digest(b"ab"), digest(b"ba"));
}
