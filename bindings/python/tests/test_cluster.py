"""crib_core.cluster: a match spread over Ray tasks is the match `crib match` plays, summary
and all but the timings, whatever the number of parts; a worker killed mid-match and a part's
crib killed mid-part change nothing; a time limit stops it short and says so.
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

ray = pytest.importorskip("ray")

from crib_core import cluster  # noqa: E402

from test_crib_core import crib_command  # noqa: E402


def untimed(summary: dict) -> dict:
    """A summary less its timings: the seconds, and each entrant's times."""
    summary = dict(summary)
    summary.pop("seconds")
    summary["entrants"] = [
        {k: v for k, v in e.items() if not k.endswith("seconds")} for e in summary["entrants"]
    ]
    return summary


def local(match):
    done = subprocess.run([crib_command(), "match", *match], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def on_ray():
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize(
    "match, parts",
    [
        (["crib:greedy", "crib:random", "--games", "60", "--seed", "4"], 7),
        (["crib:greedy", "crib:random", "crib:novice", "--games", "36", "--seed", "8", "--game", "61"], 4),
    ],
)
def test_a_match_on_ray_is_the_match(on_ray, match, parts):
    match = [*match, "--json", "--workers", "2"]
    done = cluster.run(match, parts=parts, crib=crib_command(), progress=None)
    assert done.returncode == 0, done.stderr
    assert untimed(json.loads(done.stdout)) == untimed(local(match))


def test_killed_workers_change_nothing(tmp_path):
    """A part's crib killed, and a Ray worker killed, while the match runs: the parts run
    again, and the summary is the match's."""
    match = ["crib:expert", "crib:greedy", "--games", "48", "--seed", "2", "--json", "--workers", "2"]
    env = dict(os.environ, CRIB=crib_command())
    driver = subprocess.Popen(
        [sys.executable, "-m", "crib_core.cluster", "--parts", "6", "--", *match],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    killed = set()
    deadline = time.monotonic() + 120
    while len(killed) < 2 and driver.poll() is None and time.monotonic() < deadline:
        for pid, command in processes():
            if "crib match" in command and "--part" in command and "crib" not in killed:
                os.kill(pid, signal.SIGKILL)
                killed.add("crib")
            elif command.startswith("ray::_play_part") and "worker" not in killed and "crib" in killed:
                os.kill(pid, signal.SIGKILL)
                killed.add("worker")
        time.sleep(0.05)
    out, err = driver.communicate(timeout=300)
    assert driver.returncode == 0, err
    assert killed == {"crib", "worker"}, "both were killed while the match ran"
    assert untimed(json.loads(out)) == untimed(local(match))


def processes():
    """Each process's id and command line."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                command = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        yield int(pid), command


def test_a_time_limit_stops_the_match_short(on_ray):
    match = ["crib:expert", "crib:expert", "--games", "4000", "--seed", "3", "--json"]
    started = time.monotonic()
    done = cluster.run(match, parts=1000, time_limit=4, crib=crib_command(), progress=None)
    assert time.monotonic() - started < 60
    assert done.returncode == 130, done.stderr
    summary = json.loads(done.stdout)
    assert summary["interrupted"] is True and 0 < summary["games"] < 4000
    assert summary["games"] % 2 == 0, "whole groups of duplicate games"
