#!/usr/bin/env python3
"""Write the list of commands whose outputs must stay byte for byte the same: every `$ ` example
of README.md and docs/, the table commands, and a broad seeded sample of every subcommand."""
import random, re, sys, pathlib, json

root = pathlib.Path(sys.argv[1])
out = []
def add(cmd):
    out.append(cmd)

# 1. doc examples
for f in [root / "README.md"] + sorted((root / "docs").glob("*.md")):
    inside = False
    for line in f.read_text().splitlines():
        if line.startswith("```"):
            inside = line == "```console"
            continue
        if inside and line.startswith("$ "):
            add(line[2:])

# 2. tables
for j in ["", " --json"]:
    add(f"crib discard --table{j}")
    add(f"crib discard --table --crib-model uniform{j}")
    for p in [2, 3, 4]:
        add(f"crib discard --play-table --players {p}{j}")
        add(f"crib discard --table --players {p}{j}")
        add(f"crib odds --table --players {p}{j}")
        add(f"crib odds --table --players {p} --game 61{j}")
    add(f"crib odds --table{j}")
    add(f"crib odds --table --game 61{j}")
for s in [2,3,4]:
    add(f"crib discard --table --players 3 --seat {s%3+1} --json")
    add(f"crib discard --table --players 4 --seat {s} --json")
add("crib odds --table --svg $SNAP/snap_odds.svg && md5sum $SNAP/snap_odds.svg")
add("crib odds --table --players 3 --svg $SNAP/snap_odds3.svg && md5sum $SNAP/snap_odds3.svg")

rng = random.Random(20261125)
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
SUITS = "hdcs"
DECK = [r + s for r in RANKS for s in SUITS]
def cards(n):
    return rng.sample(DECK, n)

# 3. score / stats / peg / check
for _ in range(25):
    c = cards(5)
    j = rng.choice(["", " --json"])
    add("crib score " + " ".join(c) + j)
    add("crib score --crib " + " ".join(c) + j)
add("crib stats"); add("crib stats --json"); add("crib stats --crib --json"); add("crib stats --need 12 --json")
add("crib stats 5h 5c 5s Jd"); add("crib stats 5h 5c 5s Jd --json")
add("crib check"); add("crib check --json"); add("crib check --crib --json")
for _ in range(10):
    add("crib peg " + " ".join(r for r in rng.sample(RANKS * 4, 8)) + rng.choice(["", " --json"]))
# 4. discard
for _ in range(30):
    p = rng.choice([2, 2, 3, 4])
    n = {2: 6, 3: 5, 4: 5}[p]
    c = " ".join(cards(n))
    role = rng.choice(["--dealer", "--pone"]) if p == 2 else f"--seat {rng.randint(1, p)}"
    extra = rng.choice(["", " --json", " --crib-model uniform --json", " --play-model none", " --top 3 --json", " --need 8 --json"])
    if p > 2 and "crib-model" in extra:
        extra = " --json"
    add(f"crib discard {c} --players {p} {role}{extra}")
for _ in range(12):
    c = " ".join(cards(6))
    a, b = rng.randint(0, 120), rng.randint(0, 120)
    g = rng.choice(["", " --game 61"])
    if g:
        a, b = a % 60, b % 60
    add(f"crib discard {c} {rng.choice(['--dealer', '--pone'])} --scores {a}-{b}{g} --json")
    add(f"crib discard {c} {rng.choice(['--dealer', '--pone'])} --scores {a}-{b}{g}")
# 5. play
for _ in range(40):
    p = rng.choice([2, 2, 3, 4])
    c = cards(4)
    hand = " ".join(c)
    hr = {x[:-1] for x in c}
    if p == 2:
        role = rng.choice(["--dealer", "--pone"]); seat = 2 if role == "--dealer" else 1
    else:
        seat = rng.randint(1, p); role = f"--seat {seat}"
    n = (seat - 1) % p + p * rng.randint(0, 1 if p == 2 else 0)
    others = [r for r in RANKS if r not in hr and r not in "10 J Q K".split()]
    seq = []
    count = 0
    for r in rng.sample(others, len(others)):
        v = RANKS.index(r) + 1
        if len(seq) < n and count + v <= 31:
            seq.append(r); count += v
    if len(seq) < n:
        continue
    extra = rng.choice(["", " --json", " --opponent expert --json"]) if p == 2 else rng.choice(["", " --json"])
    add(f"crib play --hand {hand} --players {p} {role}{extra}" + (" -- " + " ".join(seq) if seq else ""))
for _ in range(10):
    c = cards(7)
    a, b = rng.randint(80, 120), rng.randint(80, 120)
    add(f"crib play --hand {' '.join(c[:4])} --pone --starter {c[4]} --thrown {c[5]} {c[6]} --scores {a}-{b} --json")
    add(f"crib play --hand {' '.join(c[:4])} --dealer --starter {c[4]} --thrown {c[5]} {c[6]} --scores {a}-{b} -- 3")
# 6. odds
for _ in range(20):
    a, b = rng.randint(0, 120), rng.randint(0, 120)
    add(f"crib odds {a} {b} {rng.choice(['--dealer', '--pone'])}{rng.choice(['', ' --json'])}")
for _ in range(8):
    p = rng.choice([3, 4])
    sc = " ".join(str(rng.randint(0, 120)) for _ in range(p if p == 3 else 2))
    if p == 3:
        add(f"crib odds {sc} --players 3{rng.choice(['', ' --json'])}")
    else:
        add(f"crib odds {sc} --players 4 --dealer{rng.choice(['', ' --json'])}")
        add(f"crib odds {sc} --players 4 --pone{rng.choice(['', ' --json'])}")
for _ in range(6):
    add(f"crib discard {' '.join(cards(5))} --players 4 --partner-deals" + rng.choice(["", " --json"]))
# 7. games and reviews
for seed in [1, 2, 3, 4]:
    for p in [2, 3, 4]:
        for opp in ["", " --opponent greedy"]:
            if p > 2 and seed > 2: continue
            log = f"$SNAP/snapgame_{seed}_{p}_{len(opp)}.jsonl"
            add(f"rm -f {log}; yes best | crib game --seed {seed} --players {p}{opp} --log {log}; cat {log}")
            add(f"crib review {log} --player " + ("crib" if p == 2 else "lefty"))
            add(f"crib review {log} --json")
            add(f"crib deal - --json < {log}")
            add(f"crib deal - < {log}")
    add(f"yes best | crib game --seed {seed} --json | head -60")
    add(f"yes best | crib game --seed {seed} --game 61 | tail -20")
add("yes best | crib game --seed 9 --games 2 | tail -5")
add("printf '?\\nbest\\n?\\nbest\\nbest\\nbest\\nbest\\nbest\\nquit\\n' | crib game --seed 11 --log $SNAP/snap_q.jsonl; cat $SNAP/snap_q.jsonl; rm -f $SNAP/snap_q.jsonl")
add("yes 10 | crib game --seed 6 --muggins | head -80")
# 8. engines
reqs = [
 '{"hand": ["6h", "7c", "8d", "9s"], "role": "pone", "sequence": ["8d", "10"]}',
 '{"hand": ["6h", "7c", "8d", "9s"], "role": "dealer", "sequence": []}',
 '{"hand": ["5h", "5c", "Jd", "Ks"], "role": "pone", "starter": "4c", "thrown": ["2h","3s"], "scores": [120, 120]}',
 '[1]', '{}', '{"hand": 5}',
]
add("printf '%s\\n' " + " ".join("'" + r + "'" for r in reqs) + " | crib play - ")
add("printf '%s\\n' " + " ".join("'" + r + "'" for r in reqs) + " | crib play - --json")
add("cat $SNAP/snapgame_1_2_0.jsonl | crib deal -")
add("head -c 300 $SNAP/snapgame_1_2_0.jsonl | crib deal -")
# 9. matches between crib's levels (their summaries less the timings) and crib engine
for players, named in [(2, "crib:greedy crib:reply-aware"), (3, "crib:greedy crib:greedy-high crib:random"), (4, "crib:greedy crib:random")]:
    add(f"crib match {named} --players {players} --games 24 --seed 3 --json | python3 -c 'import json,sys; d=json.load(sys.stdin); [d.pop(k) for k in (\"seconds\", \"workers\", \"entrants\")]; print(json.dumps(d, sort_keys=True))'")
add("printf '%s\\n' '{\"ask\": \"throw\", \"seat\": 1, \"dealt\": [\"5h\", \"5c\", \"5s\", \"Jd\", \"2c\", \"9h\"]}' | crib engine --level expert")
# 10. help, man, completions, errors
add("crib --help"); add("crib -h")
for c in "score peg play deal odds check stats discard game review match engine completions man".split():
    add(f"crib {c} --help")
add("crib man | md5sum"); add("crib completions bash | md5sum"); add("crib completions zsh | md5sum")
for bad in ["crib score 5h 5c 5s Jd", "crib score 5h 5c 5s Jd 5x", "crib discard 5h", "crib odds 130 5",
            "crib play --hand 5h 5c", "crib peg 5 5 5 5 5", "crib deal -p 5h", "crib game --seed x",
            "crib review /nonexistent", "crib score 5h 5h 5s Jd 5d", "crib discard 5h 5c 5s Jd 5d 6d --players 3 --seat 1"]:
    add(bad)
for c in out:
    print(c)
