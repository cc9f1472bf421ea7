#!/usr/bin/env python3
"""Plots one loom tune sweep from a records database (src/tune/records.hpp, docs/tuning.md).

    plot.py DB.sqlite OUT.png [--sweep-key K]

Each measured candidate's median time as a dot (log y axis) in the order it was tried, the
best-so-far line, and failed / faulted / timed-out candidates as red crosses along the top.
Without --sweep-key the sweep (key, device, sizes) with the most records is shown; with it, that
key's device and sizes with the most records. Prints a one-line summary.
"""

import argparse
import pathlib
import sqlite3
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed: sweeps run on headless GPU machines
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import ticker  # noqa: E402

BROKEN = ("failed", "fault", "timeout")


def largest_sweep(db, sweep_key):
    """(sweep key, device, sizes) with the most records: a sweep key may span devices and sizes."""
    where, values = ("WHERE sweep_key = ?", (sweep_key,)) if sweep_key else ("", ())
    row = db.execute(
        f"SELECT sweep_key, device_name, sizes FROM records {where} "
        "GROUP BY sweep_key, device_name, sizes ORDER BY COUNT(*) DESC LIMIT 1", values).fetchone()
    if row is None:
        sys.exit(f"plot.py: no records for sweep key {sweep_key!r}" if sweep_key
                 else "plot.py: the database holds no records")
    return row


def read_sweep(db, sweep):
    return db.execute(
        "SELECT kernel_name, device_name, sizes, status, time_ms FROM records "
        "WHERE sweep_key = ? AND device_name = ? AND sizes = ? ORDER BY id", sweep).fetchall()


def best_so_far(points):
    line, best = [], None
    for _, time_ms in points:
        best = time_ms if best is None else min(best, time_ms)
        line.append(best)
    return line


def plot(rows, out_path):
    measured = [(i, r[4]) for i, r in enumerate(rows) if r[3] == "measured" and r[4] is not None]
    broken = [i for i, r in enumerate(rows) if r[3] in BROKEN]
    figure, axes = plt.subplots(figsize=(9, 5))
    if measured:
        axes.scatter([i for i, _ in measured], [t for _, t in measured], s=12, label="measured")
        axes.step([i for i, _ in measured], best_so_far(measured), where="post", color="black",
                  label="best so far")
        axes.set_yscale("log")
        axes.yaxis.set_major_locator(ticker.LogLocator(subs=(1, 2, 5)))
        axes.yaxis.set_major_formatter(ticker.FormatStrFormatter("%g"))
        axes.yaxis.set_minor_formatter(ticker.NullFormatter())
    if broken:
        # Along the top edge: they have no time, but how many and when matters.
        axes.scatter(broken, [1.0] * len(broken), marker="x", color="red",
                     transform=axes.get_xaxis_transform(), clip_on=False,
                     label="failed / fault / timeout")
    # The crosses sit in axes coordinates, so autoscaling would not make room for them.
    axes.set_xlim(-0.5, max(len(rows) - 0.5, 0.5))
    kernel, device, sizes = rows[0][0], rows[0][1], rows[0][2]
    axes.set_title(f"{kernel} on {device}, sizes {sizes}", pad=14)
    axes.set_xlabel("candidate (order tried)")
    axes.set_ylabel("median time (ms)")
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=3, frameon=False)
    figure.tight_layout()
    figure.savefig(out_path, dpi=120)
    return measured


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("out")
    parser.add_argument("--sweep-key")
    args = parser.parse_args()
    if not pathlib.Path(args.db).is_file():
        sys.exit(f"plot.py: {args.db}: no such file")
    # Read-only so that a mistyped path or a running sweep is never written to.
    db = sqlite3.connect(pathlib.Path(args.db).resolve().as_uri() + "?mode=ro", uri=True)
    sweep = largest_sweep(db, args.sweep_key)
    rows = read_sweep(db, sweep)
    measured = plot(rows, args.out)
    best = f"{min(t for _, t in measured):.4g} ms" if measured else "none"
    print(f"sweep {sweep[0]} ({sweep[1]}, {sweep[2]}): {len(rows)} candidates, {len(measured)} measured, "
          f"best {best} -> {args.out}")


if __name__ == "__main__":
    main()
