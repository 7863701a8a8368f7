#!/usr/bin/env python3
"""The warm timeline alone over network-bench.py's link, one hollow-cli build or two side by side.

For each RTT (by default 30, 80 and 150 ms): each build fills its own cache with one cold run, then the
warm run (`timeline --plain --pages 3` over that cache: the 3 page requests) and the same run `--offline`
alternate `runs` times, the builds alternated too. Printed per build and RTT, medians:
  - warm and offline wall time, and (warm - offline) / RTT: round trips by the clock, CPU included;
  - flights: the bursts of the client's packets on the link, RTT apart, before the last answer
    (network-bench.py's flights()): the round trips the run waited for on the link;
  - the CPU before the first packet (SYN) and after the last answer arrived;
and per build the least-squares slope of the warm time against the RTT across the links: round trips on
the link per added millisecond of RTT, which the machine's CPU cost (a constant) does not enter.

  sudo python3 Benchmarks/Scripts/network-warm.py NEW_HOLLOW_CLI [OLD_HOLLOW_CLI] [--rtt 30 80 150] [--runs 7]

Where namespaces cannot be made (not root, no tun), it says so and exits 0 (skipped).
"""

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time

spec = importlib.util.spec_from_file_location("nb", os.path.join(os.path.dirname(__file__), "network-bench.py"))
nb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(nb)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("builds", nargs="+", help="one or two hollow-cli binaries (after, then before)")
    parser.add_argument("--rtt", type=float, nargs="+", default=[30, 80, 150], help="round-trip times in ms")
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    reason = nb.can_make_namespaces()
    if reason:
        print(f"network warm benchmark skipped: {reason} (it needs root to make network namespaces and tun devices)")
        return
    names = ["after", "before"] if len(options.builds) > 1 else ["this build"]
    builds = dict(zip(names, (os.path.abspath(b) for b in options.builds[:2])))
    with tempfile.TemporaryDirectory() as folder:
        nb.make_certificates(folder)
        env = dict(os.environ, SSL_CERT_FILE=os.path.join(folder, "ca.pem"), NO_COLOR="1")
        url = f"https://{nb.SERVER_IP}:{nb.TLS_PORT}"
        points = {name: [] for name in builds}
        for rtt in options.rtt:
            link = nb.Link(rtt)
            server = subprocess.Popen(
                ["ip", "netns", "exec", nb.SERVER_NS, next(iter(builds.values())), "serve", "--port", str(nb.BACKEND_PORT)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            terminator = nb.Terminator(folder)
            try:
                time.sleep(0.5)
                actual = nb.measured_rtt() or rtt
                timelines = {}
                for name, cli in builds.items():
                    cache = tempfile.mkdtemp(dir=folder)
                    timelines[name] = [cli, "timeline", "--plain", "--pages", "3", "--server", url, "--image-base",
                                       url + "/images/", "--cache-dir", cache]
                    nb.timed(timelines[name], env)
                warm = {n: [] for n in builds}
                offline = {n: [] for n in builds}
                links = {n: [] for n in builds}
                for run in range(options.runs):
                    order = list(builds) if run % 2 == 0 else list(reversed(list(builds)))
                    for name in order:
                        ms, report = nb.timed_on_link(link, actual, timelines[name], env)
                        warm[name].append(ms)
                        links[name].append(report)
                        offline[name].append(nb.timed(timelines[name] + ["--offline"], env))
                for name in builds:
                    w, o = statistics.median(warm[name]), statistics.median(offline[name])
                    points[name].append((actual, w))
                    print(f"{name} at {actual:.1f} ms: warm {w:.0f} ms, offline {o:.0f} ms, (warm - offline) / RTT "
                          f"{(w - o) / actual:.1f}; flights {nb.median_of(links[name], 'flights'):.0f}, first packet "
                          f"after {nb.median_of(links[name], 'before_ms'):.0f} ms, first packet to last answer "
                          f"{nb.median_of(links[name], 'link_rtts'):.1f} RTT, last answer to exit "
                          f"{nb.median_of(links[name], 'after_ms'):.0f} ms; runs {[round(x) for x in warm[name]]}",
                          flush=True)
            finally:
                terminator.close()
                server.terminate()
                server.wait()
                link.close()
        for name in builds:
            value = nb.slope(points[name])
            if value is not None:
                rtts = ", ".join(f"{x:.1f}" for x, _ in points[name])
                print(f"{name}: {value:.2f} round trips per added ms of RTT (slope across {rtts} ms)")


if __name__ == "__main__":
    main()
