"""A match of ``crib match`` spread over a Ray cluster: its groups of duplicate games run as
Ray tasks, and the summary is the one ``crib match`` prints for the same seed.

    pip install "crib-core[cluster]"
    python -m crib_core.cluster [--address auto] [--parts N] [--time-limit S] -- \\
        crib:expert crib:greedy --games 20000 --seed 1 --json

Everything after ``--`` is ``crib match``'s arguments. The match is cut into parts of whole
groups (``crib match --part K/N``), each played by ``crib`` on a node as a Ray task with one
core (so ``crib``, and any engine program named, must be on every node, at the same path), its
games' records returned (``--records -``); the driver then summarises them with ``crib match
--from-records`` on its own machine. The games are those of the whole match, numbered and
seeded as in it, so the summary is the whole match's, byte for byte but the timings, whatever
the number of parts, workers or machines.

A task whose worker dies, or whose ``crib`` fails, is run again by Ray (``--retries``, 3 unless
told), and gives the same games again. Progress is a line on standard error as parts finish.
With ``--time-limit``, parts not finished by then are cancelled and the summary counts the
parts finished in order from the first, as ``crib match`` stopped by Ctrl-C counts the games
finished (the summary says it stopped short; the exit status is 130).

Without ``--address`` a Ray instance is started on this machine (``ray.init()``); ``--address
auto`` joins the cluster this machine belongs to (``ray start`` on each node).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Optional, Sequence

__all__ = ["main", "run"]


def _crib(path: Optional[str]) -> str:
    found = path or os.environ.get("CRIB") or shutil.which("crib")
    if not found:
        raise SystemExit("crib_core.cluster: no crib command found: give --crib PATH or set CRIB")
    return os.path.abspath(found) if os.path.exists(found) else found


def _seeded(match: Sequence[str]) -> list[str]:
    """The match's arguments with a seed: the parts must deal the same games."""
    args = list(match)
    if any(a == "--seed" or a.startswith("--seed=") for a in args):
        return args
    seed = time.time_ns() % 2**63
    print(f"crib_core.cluster: --seed {seed} (every part deals from the match's seed)", file=sys.stderr)
    return args + ["--seed", str(seed)]


class PartFailed(RuntimeError):
    """A part's ``crib`` stopped short (killed, or out of memory): Ray runs the part again."""


class PartRefused(ValueError):
    """``crib match`` refused the match's arguments (exit status 2): no part will do better."""


def _without_workers(match: Sequence[str]) -> list[str]:
    """The match's arguments less ``--workers``: a part plays on its task's one core."""
    args, skip = [], False
    for a in match:
        if skip:
            skip = False
        elif a == "--workers":
            skip = True
        elif not a.startswith("--workers="):
            args.append(a)
    return args


def _play_part(crib: str, match: Sequence[str], k: int, n: int) -> str:
    """Part ``k`` of ``n`` of the match, played by ``crib`` on this node: its records."""
    done = subprocess.run(
        [crib, "match", *_without_workers(match), "--part", f"{k}/{n}", "--records", "-",
         "--workers", "1"],
        capture_output=True,
        text=True,
    )
    if done.returncode == 2:
        raise PartRefused(done.stderr.strip())
    if done.returncode != 0:
        raise PartFailed(f"crib match --part {k}/{n} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def run(
    match: Sequence[str],
    *,
    address: Optional[str] = None,
    parts: Optional[int] = None,
    time_limit: Optional[float] = None,
    retries: int = 3,
    crib: Optional[str] = None,
    progress=sys.stderr,
) -> subprocess.CompletedProcess:
    """Play ``crib match`` with ``match``'s arguments on a Ray cluster: the finished summary,
    as ``crib match --from-records`` prints it (its standard output, standard error and exit
    status)."""
    import ray

    crib = _crib(crib)
    match = _seeded(match)
    started = time.monotonic()
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    if parts is None:
        parts = max(1, 4 * int(ray.cluster_resources().get("CPU", 1)))
    task = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=[PartFailed])(_play_part)
    pending = {task.remote(crib, match, k, parts): k for k in range(1, parts + 1)}
    records: dict[int, str] = {}
    stopped = False
    while pending:
        wait = 1.0
        if time_limit is not None:
            wait = min(wait, max(0.0, time_limit - (time.monotonic() - started)))
        ready, _ = ray.wait(list(pending), num_returns=1, timeout=wait)
        for ref in ready:
            try:
                records[pending.pop(ref)] = ray.get(ref)
            except ray.exceptions.RayTaskError as error:
                if isinstance(error.cause, PartRefused):
                    for left in pending:
                        ray.cancel(left, force=True)
                    return subprocess.CompletedProcess([], 2, "", f"{error.cause}\n")
                raise
        if progress is not None and ready:
            games = sum(text.count("\n") for text in records.values())
            line = f"parts {len(records)}/{parts}; {games} games; {time.monotonic() - started:.0f} s"
            if progress.isatty():  # one line, redrawn
                print(f"\r\x1b[2K{line}", end="", file=progress, flush=True)
            else:
                print(line, file=progress, flush=True)
        if time_limit is not None and time.monotonic() - started >= time_limit and pending:
            for ref in pending:
                ray.cancel(ref, force=True)
            stopped = True
            break
    if progress is not None:
        if progress.isatty():
            print(file=progress)
        games = sum(text.count("\n") for text in records.values())
        cores = int(ray.cluster_resources().get("CPU", 1))
        print(f"crib_core.cluster: {games} games played in {time.monotonic() - started:.1f} s, "
              f"{parts} parts on {cores} cores", file=progress)
    # The parts finished in order from the first: the match's first games, whole.
    files = []
    with tempfile.TemporaryDirectory(prefix="crib-cluster-") as directory:
        k = 1
        while k in records:
            path = os.path.join(directory, f"part-{k}.jsonl")
            with open(path, "w") as f:
                f.write(records[k])
            files.append(path)
            k += 1
        if stopped and progress is not None:
            print(f"crib_core.cluster: time limit: {k - 1} of {parts} parts finished in order",
                  file=progress)
        if not files:
            return subprocess.CompletedProcess([], 130, "", "no part finished before the time limit\n")
        return subprocess.run(
            [crib, "match", *match, "--from-records", *files], capture_output=True, text=True
        )


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--" not in argv:
        argv_cluster, match = argv, []
    else:
        at = argv.index("--")
        argv_cluster, match = argv[:at], argv[at + 1:]
    parser = argparse.ArgumentParser(
        prog="python -m crib_core.cluster",
        description="crib match on a Ray cluster: the same games and summary as crib match.",
        epilog="Everything after -- is crib match's arguments.",
    )
    parser.add_argument("--address", help="the Ray cluster's (auto: the one this machine is in)")
    parser.add_argument("--parts", type=int, help="parts of whole groups [default: 4 a core]")
    parser.add_argument("--time-limit", type=float, metavar="SECONDS")
    parser.add_argument("--retries", type=int, default=3, help="runs again of a failed part")
    parser.add_argument("--crib", help="the crib command on every node [default: $CRIB or crib]")
    args = parser.parse_args(argv_cluster)
    if not match:
        parser.error("give crib match's arguments after --")
    if args.parts is not None and args.parts < 1:
        parser.error("--parts takes 1 or more")
    # Standard output is the summary's alone: whatever Ray prints (a task run again, say)
    # goes to standard error.
    sys.stdout.flush()
    summary = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    done = run(match, address=args.address, parts=args.parts, time_limit=args.time_limit,
               retries=args.retries, crib=args.crib)
    summary.write(done.stdout)
    summary.flush()
    sys.stderr.write(done.stderr)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
