#!/usr/bin/env python3
"""The warm timeline alone, two hollow-cli builds side by side over network-bench.py's link.

For each RTT (30 and 80 ms): each build fills its own cache with one cold run, then the warm run
(`timeline --plain --pages 3` over that cache: the 3 page requests) and the same run `--offline`
alternate `runs` times. Printed: the medians, warm - offline in round trips, and the slope of the warm
run between the two links in round trips per added millisecond of RTT, which the machine's own CPU
cost (loading OpenSSL, handshakes) does not enter.

  sudo python3 Benchmarks/Scripts/network-warm.py NEW_HOLLOW_CLI OLD_HOLLOW_CLI [RUNS]
"""

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
reason = nb.can_make_namespaces()
if reason:
    print(f"skipped: {reason}")
    sys.exit(0)
builds = {"after": os.path.abspath(sys.argv[1]), "before": os.path.abspath(sys.argv[2])}
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
with tempfile.TemporaryDirectory() as folder:
    nb.make_certificates(folder)
    env = dict(os.environ, SSL_CERT_FILE=os.path.join(folder, "ca.pem"), NO_COLOR="1")
    url = f"https://{nb.SERVER_IP}:{nb.TLS_PORT}"
    result = {}
    for rtt in (30, 80):
        link = nb.Link(rtt)
        server = subprocess.Popen(["ip", "netns", "exec", nb.SERVER_NS, builds["after"], "serve", "--port", str(nb.BACKEND_PORT)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        term = nb.Terminator(folder)
        try:
            time.sleep(0.5)
            actual = nb.measured_rtt() or rtt
            caches = {}
            for name, cli in builds.items():
                caches[name] = tempfile.mkdtemp(dir=folder)
                nb.timed([cli, "timeline", "--plain", "--pages", "3", "--server", url, "--image-base", url + "/images/", "--cache-dir", caches[name]], env)
            warm = {n: [] for n in builds}; off = {n: [] for n in builds}
            for run in range(runs):
                for name, cli in (list(builds.items()) if run % 2 == 0 else list(reversed(list(builds.items())))):
                    tl = [cli, "timeline", "--plain", "--pages", "3", "--server", url, "--image-base", url + "/images/", "--cache-dir", caches[name]]
                    warm[name].append(nb.timed(tl, env))
                    off[name].append(nb.timed(tl + ["--offline"], env))
            for name in builds:
                w, o = statistics.median(warm[name]), statistics.median(off[name])
                result[(name, rtt)] = (actual, w, o)
                print(f"{name} rtt {actual:.1f}: warm {w:.0f} offline {o:.0f} -> {(w-o)/actual:.1f} RTT; runs {[round(x) for x in warm[name]]}", flush=True)
        finally:
            term.close(); server.terminate(); server.wait(); link.close()
    for name in builds:
        (r1, w1, o1), (r2, w2, o2) = result[(name, 30)], result[(name, 80)]
        print(f"{name}: slope {(w2 - w1) / (r2 - r1):.2f} RTT per RTT")
