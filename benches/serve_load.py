"""A local load client for `crib serve`: N games at once, each against one of crib's levels
(every level but strongest, in turn), each answer a legal card or throw drawn at random, with a
pause between answers as a person takes (THINK seconds, 0 for none). Loops are bounded: each game
ends by itself or after 400 answers, and the whole run after LIMIT seconds. It listens and is
reached on 127.0.0.1 only. The games take 2, 3 and 4 players in turn (PLAYERS=2: two only).
AT_ONCE=K plays at most K of the games at the same time (AT_ONCE=1: one game at a time, so that
each answer is timed alone rather than queueing behind the others' answers).

    python3 benches/serve_load.py [CRIB] [GAMES] [THINK] [LIMIT] [ROUNDS] [-v]

Plays ROUNDS rounds of GAMES games in one server. Prints the answers' median, 99th percentile and
slowest, the errors, and the server's resident memory before, at the busiest and after each
round (flat when the games' memory is given back); with -v, the answers by level and players.
"""

import http.client
import os
import json
import random
import subprocess
import sys
import threading
import time

CRIB = sys.argv[1] if len(sys.argv) > 1 else "target/release/crib"
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 100
THINK = float(sys.argv[3]) if len(sys.argv) > 3 else 0.5
LIMIT = float(sys.argv[4]) if len(sys.argv) > 4 else 600
ROUNDS = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[5] != "-v" else 1
LEVELS = ["random", "greedy", "novice", "casual", "club", "expert"]
# The numbers of players the games take in turn (PLAYERS=2 for two-player games only).
PLAYERS = [int(p) for p in os.environ.get("PLAYERS", "2,3,4").split(",")]
# At most this many games at the same time (all of them unless AT_ONCE says fewer).
AT_ONCE_COUNT = int(os.environ.get("AT_ONCE", "0")) or GAMES
AT_ONCE = threading.Semaphore(AT_ONCE_COUNT)


def rss(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    return 0


def main():
    proc = subprocess.Popen(
        [CRIB, "serve", "--port", "0", "--json", "--max-games", str(GAMES + 10)],
        stdout=subprocess.PIPE,
        text=True,
    )
    url = json.loads(proc.stdout.readline())["url"]
    host, port = url.split("/")[2].split(":")
    token = url.split("token=")[1]
    deadline = time.time() + LIMIT
    times, errors, peak, by_kind = [], [], [rss(proc.pid)], {}
    before = peak[0]
    lock = threading.Lock()

    def call(conn, path, body):
        start = time.perf_counter()
        conn.request("POST", path, json.dumps(body), {"x-crib-token": token, "content-type": "application/json"})
        response = conn.getresponse()
        data = json.loads(response.read())
        elapsed = time.perf_counter() - start
        return response.status, data, elapsed

    def play(n):
        with AT_ONCE:
            play_one(n)

    def play_one(n):
        rng = random.Random(n)
        conn = http.client.HTTPConnection(host, int(port), timeout=120)
        status, reply, _ = call(conn, "/api/games", {"opponent": LEVELS[n % len(LEVELS)], "seed": n, "players": PLAYERS[n % len(PLAYERS)]})
        if status != 200:
            with lock:
                errors.append((status, reply))
            return
        for _ in range(400):
            if reply["over"] or time.time() > deadline:
                break
            prompt = [e for e in reply["events"] if e.get("event") == "prompt"][-1]
            if prompt["ask"] == "throw":
                answer = " ".join(rng.sample(prompt["hand"], prompt["throw_size"]))
            elif prompt["ask"] == "play":
                answer = rng.choice(prompt["legal"])
            else:
                answer = "best"
            time.sleep(THINK * rng.uniform(0.5, 1.5))
            status, next_reply, elapsed = call(
                conn, f"/api/talk/{reply['id']}", {"answered": reply["answered"], "answer": answer}
            )
            with lock:
                if status == 200:
                    times.append(elapsed)
                    by_kind.setdefault((LEVELS[n % len(LEVELS)], PLAYERS[n % len(PLAYERS)]), []).append(elapsed)
                else:
                    errors.append((status, next_reply))
            if status != 200:
                break
            reply = next_reply

    def watch(threads):
        while any(t.is_alive() for t in threads):
            peak.append(rss(proc.pid))
            time.sleep(0.2)

    afters = []
    wall = 0.0
    for _ in range(ROUNDS):
        threads = [threading.Thread(target=play, args=(n,)) for n in range(GAMES)]
        start = time.time()
        for t in threads:
            t.start()
        watcher = threading.Thread(target=watch, args=(threads,))
        watcher.start()
        for t in threads:
            t.join()
        watcher.join()
        wall += time.time() - start
        time.sleep(2)
        afters.append(rss(proc.pid))
    after = ", then ".join(f"{a} MB" for a in afters)
    proc.terminate()
    proc.wait()
    times.sort()
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000
    under = sum(t < 0.1 for t in times) / max(1, len(times))
    print(
        f"{GAMES} games, {AT_ONCE_COUNT} at once, think {THINK} s: {len(times)} answers in {wall:.1f} s; "
        f"median {pick(0.5):.1f} ms, 99th percentile {pick(0.99):.1f} ms, slowest {times[-1] * 1000:.1f} ms; "
        f"{under:.1%} under 100 ms; {len(errors)} errors; "
        f"memory {before} MB before, {max(peak)} MB at most, {after} after each round of games"
    )
    if errors:
        print(errors[:3])
    if "-v" in sys.argv:
        for kind, ts in sorted(by_kind.items()):
            ts.sort()
            print(kind, len(ts), f"median {ts[len(ts) // 2] * 1000:.1f} ms, 99th {ts[int(0.99 * len(ts))] * 1000:.1f} ms, max {ts[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
