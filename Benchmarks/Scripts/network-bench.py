#!/usr/bin/env python3
"""The realistic-network benchmark: hollow-cli against curl over a private link with real TCP.

Two network namespaces (hollow-nb-c, the client; hollow-nb-s, the server) are joined by two tun
devices and a forwarder of our own (this script, in the root namespace) that holds every packet
RTT/2 in each direction: TCP and TLS handshakes and slow start pay the round trips they pay on a
real link (this kernel has no netem). In the server namespace run the demo server
(`hollow-cli serve`) and a TLS 1.3 terminator in front of it (this script again, Python's ssl:
session tickets on, one backend connection per client connection, so keep-alive passes through). The
terminator stands in for the reverse proxy in front of the real backend (gin, which never compresses):
like nginx with `gzip on; gzip_types application/json;` it gzips JSON answers (level 1) to requests that
send `Accept-Encoding: gzip`; the demo server, true to the backend, does not.

Per RTT, alternated, `runs` times each:
  - cold: `hollow-cli timeline --plain --pages 3` over https with an empty cache;
  - curl 7.88 fetching the same URLs (those the terminator saw in the cold run) with keep-alive,
    `--parallel --parallel-max 16` and `--compressed` (it asks for gzip as hollow-cli does), in the same run;
  - warm: the same timeline again over the cache the cold run left (3 page requests).
Reported: medians, hollow-cli / curl (target <= 1.3x), hollow-cli against the keep-alive bound
RTT x (2 setup round trips + 1 + ceil((requests - 1) / 16) request rounds), the most connections the
terminator saw open at once from one run (must be <= 16), and the warm run in round trips (<= 4) three
ways: wall time minus the same run from the cache alone (`--offline`, measured beside it), over RTT;
the flights the forwarder saw (bursts of the client's packets, RTT apart, before the last answer: see
flights()), with the CPU before the first packet and after the last answer; and, with two RTTs or more,
the slope of the warm time against the RTT (round trips on the link, whatever the CPU costs).

Needs root (namespaces, tun) and a release hollow-cli:
  swift build -c release --product hollow-cli
  sudo python3 Benchmarks/Scripts/network-bench.py --cli .build/release/hollow-cli [--rtt 30 80] [--runs 5]
  sudo python3 Benchmarks/Scripts/network-bench.py --cli ... --quick   # CI: 30 ms, 3 runs (no thresholds)
Where namespaces cannot be made, it says so and exits 0 (skipped).
"""

import argparse
import asyncio
import collections
import fcntl
import gzip
import heapq
import json
import os
import select
import shutil
import ssl
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time

CLIENT_NS, SERVER_NS = "hollow-nb-c", "hollow-nb-s"
CLIENT_IP, SERVER_IP = "10.77.0.1", "10.77.0.2"
TLS_PORT, BACKEND_PORT = 8443, 8080
BUDGET = 16


def sh(*args, check=True, **kwargs):
    return subprocess.run(list(args), check=check, capture_output=True, text=True, **kwargs)


# --- the link -----------------------------------------------------------------------------------

TUNSETIFF = 0x400454CA
IFF_TUN, IFF_NO_PI = 0x0001, 0x1000


def open_tun(name):
    fd = os.open("/dev/net/tun", os.O_RDWR)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    os.set_blocking(fd, False)
    return fd


class Link:
    """Two tun devices, one per namespace, and a thread that moves packets between them after a delay."""

    def __init__(self, rtt_ms):
        self.delay = rtt_ms / 2000.0
        for ns in (CLIENT_NS, SERVER_NS):
            sh("ip", "netns", "del", ns, check=False)  # left by a run that was killed
        self.client = open_tun("hnbc0")
        self.server = open_tun("hnbs0")
        for ns in (CLIENT_NS, SERVER_NS):
            sh("ip", "netns", "add", ns)
        sh("ip", "link", "set", "hnbc0", "netns", CLIENT_NS)
        sh("ip", "link", "set", "hnbs0", "netns", SERVER_NS)
        for ns, dev, mine, peer in ((CLIENT_NS, "hnbc0", CLIENT_IP, SERVER_IP), (SERVER_NS, "hnbs0", SERVER_IP, CLIENT_IP)):
            sh("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up")
            sh("ip", "netns", "exec", ns, "ip", "addr", "add", f"{mine}/32", "peer", peer, "dev", dev)
            sh("ip", "netns", "exec", ns, "ip", "link", "set", dev, "up")
        self.stopped = False
        # While recording: (time read, from the client?, first bytes, length) of every packet, for flights().
        self.recording = None
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        queue = []  # (due, sequence, destination fd, packet)
        sequence = 0
        other = {self.client: self.server, self.server: self.client}
        while not self.stopped:
            timeout = max(0.0, queue[0][0] - time.monotonic()) if queue else 0.05
            readable, _, _ = select.select([self.client, self.server], [], [], timeout)
            now = time.monotonic()
            for fd in readable:
                while True:
                    try:
                        packet = os.read(fd, 65536)
                    except BlockingIOError:
                        break
                    sequence += 1
                    heapq.heappush(queue, (now + self.delay, sequence, other[fd], packet))
                    if self.recording is not None:
                        self.recording.append((now, fd == self.client, packet[:80], len(packet)))
            now = time.monotonic()
            while queue and queue[0][0] <= now:
                _, _, fd, packet = heapq.heappop(queue)
                try:
                    os.write(fd, packet)
                except OSError:
                    pass

    def record(self):
        """Starts keeping every packet's time and header (for flights())."""
        self.recording = []

    def recorded(self):
        """The packets since record(), and stops keeping them."""
        log, self.recording = self.recording or [], None
        return log

    def close(self):
        self.stopped = True
        self.thread.join()
        for ns in (CLIENT_NS, SERVER_NS):
            sh("ip", "netns", "del", ns, check=False)
        os.close(self.client)
        os.close(self.server)


def tcp_segment(header, length, upstream):
    """(flags, payload bytes, the client's port) of an IPv4 TCP packet, or None for anything else."""
    if len(header) < 20 or header[0] >> 4 != 4 or header[9] != 6:
        return None
    ip = (header[0] & 0x0F) * 4
    if len(header) < ip + 14:
        return None
    port = struct.unpack("!H", header[ip:ip + 2] if upstream else header[ip + 2:ip + 4])[0]
    return header[ip + 13], length - ip - (header[ip + 12] >> 4) * 4, port


def flights(log, rtt_ms, started, ended):
    """What one run did on the link, from the forwarder's log of it (times are CLOCK_MONOTONIC, shared by
    every namespace, so they line up with the run's start and end). Only the connections the run opened
    count (a SYN in the log): an earlier run's late FINs and RSTs do not.

    - flights: the bursts of packets from the client (a gap of more than RTT/2 starts a new one) before
      the last byte the server sent the client (TLS, HTTP) ahead of the client's first FIN or RST (the
      teardown at exit): the round trips the run waited for on the link, whatever the CPU did between;
    - before_ms: from the process's start to its first packet (SYN): CPU before any connect;
    - link_rtts: from the first packet to the arrival of that last byte, in RTTs (the flights plus the
      CPU spent between them, handshakes and all);
    - after_ms: from that arrival to the process's end: CPU after the last answer (decoding, printing).
    """
    half = rtt_ms / 2000.0
    packets = []
    for at, upstream, header, length in log:
        segment = tcp_segment(header, length, upstream)
        if segment:
            packets.append((at, upstream) + segment)
    opened = {port for _, up, flags, _, port in packets if up and flags & 0x12 == 0x02}  # SYN without ACK
    packets = [p for p in packets if p[4] in opened]
    if not packets:
        return None
    teardown = min((at for at, up, flags, _, _ in packets if up and flags & 0x05), default=float("inf"))  # FIN, RST
    last = max((at for at, up, _, size, _ in packets if not up and size > 0 and at < teardown), default=None)
    if last is None:
        return None
    sent = sorted(at for at, up, _, _, _ in packets if up and at < last)
    count, previous = 0, None
    for at in sent:
        if previous is None or at - previous > half:
            count += 1
        previous = at
    arrived = last + half
    return {
        "flights": count, "before_ms": (sent[0] - started) * 1000 if sent else None,
        "link_rtts": (arrived - sent[0]) * 1000 / rtt_ms if sent else None, "after_ms": (ended - arrived) * 1000,
    }


def slope(points):
    """The least-squares slope of (rtt, ms) points: round trips on the link per round trip of delay."""
    if len(points) < 2:
        return None
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    spread = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / spread if spread else None


def measured_rtt():
    """The median of 5 TCP connects from the client namespace (one round trip each), in ms."""
    probe = (
        "import socket, statistics, time\n"
        "samples = []\n"
        "for _ in range(5):\n"
        "    started = time.monotonic()\n"
        f"    socket.create_connection(('{SERVER_IP}', {TLS_PORT})).close()\n"
        "    samples.append((time.monotonic() - started) * 1000)\n"
        "print(statistics.median(samples))\n"
    )
    out = sh("ip", "netns", "exec", CLIENT_NS, sys.executable, "-c", probe, check=False).stdout.strip()
    return float(out) if out else None


# --- the TLS terminator (runs inside the server namespace) --------------------------------------


def split_head(buffer):
    """(start line, [(name, value)], rest) when `buffer` holds a whole HTTP/1.1 head, else None."""
    end = buffer.find(b"\r\n\r\n")
    if end < 0:
        return None
    lines = buffer[:end].decode("latin-1").split("\r\n")
    fields = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:] if ":" in line]
    return lines[0], fields, buffer[end + 4:]


def field(fields, name):
    return next((value for key, value in fields if key.lower() == name), None)


def gzipped(status, fields, body, accepts_gzip):
    """The answer's head fields and body as nginx's `gzip on; gzip_types application/json;` would send them
    (level 1, nginx's default; 200, 403 and 404 only; at least 20 bytes), or None to pass it as is."""
    kind = (field(fields, "content-type") or "").split(";")[0].strip().lower()
    if (not accepts_gzip or status not in (200, 403, 404) or kind != "application/json" or len(body) < 20
            or field(fields, "content-encoding")):
        return None
    packed = gzip.compress(body, compresslevel=1, mtime=0)
    kept = [(k, v) for k, v in fields if k.lower() not in ("content-length", "vary")]
    return kept + [("Content-Encoding", "gzip"), ("Vary", "Accept-Encoding"), ("Content-Length", str(len(packed)))], packed


def terminator(cert, key, log_path):
    """The reverse proxy in front of the backend (as nginx would be for the real one): TLS 1.3, keep-alive
    passed through (one backend connection per client connection), and gzip for JSON answers to requests
    that accept it (the backend, like the real gin one, never compresses)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.load_cert_chain(cert, key)
    state = {"open": 0, "most": 0, "accepted": 0, "resumed": 0, "targets": [], "gzipped": 0, "json_bytes": 0,
             "gzip_bytes": 0}

    def save():
        with open(log_path + ".tmp", "w") as f:
            json.dump(state, f)
        os.replace(log_path + ".tmp", log_path)

    async def requests(reader, writer, asked):
        """Client to backend, byte for byte; notes each request's target and what it accepts, in `asked`."""
        pending, body_left = b"", 0
        while data := await reader.read(65536):
            pending += data
            while True:
                if body_left:
                    taken = min(body_left, len(pending))
                    pending, body_left = pending[taken:], body_left - taken
                    if body_left:
                        break
                head = split_head(pending)
                if head is None:
                    break
                line, fields, pending = head
                method, target = (line.split(" ") + ["", ""])[:2]
                state["targets"].append(target)
                codings = [c.split(";")[0].strip().lower() for c in (field(fields, "accept-encoding") or "").split(",")]
                asked.append((method, "gzip" in codings))
                body_left = int(field(fields, "content-length") or 0)
            writer.write(data)
            await writer.drain()

    async def answers(reader, writer, asked):
        """Backend to client: each answer with a Content-Length gzipped when its request allowed it
        (gzipped()); after an answer framed otherwise (chunked, or to the close), the rest as is."""
        pending, passing = b"", False
        while data := await reader.read(65536):
            if passing:
                writer.write(data)
                await writer.drain()
                continue
            pending += data
            out = b""
            while (head := split_head(pending)) is not None:
                line, fields, rest = head
                status = int(line.split(" ")[1])
                if 100 <= status < 200:
                    out, pending = out + pending[:len(pending) - len(rest)], rest
                    continue
                method, accepts = asked.popleft() if asked else ("GET", False)
                length = field(fields, "content-length")
                if method == "HEAD" or status in (204, 304):
                    length = "0"
                if length is None:
                    out, pending, passing = out + pending, b"", True
                    break
                if len(rest) < int(length):
                    asked.appendleft((method, accepts))
                    break
                body, pending = rest[:int(length)], rest[int(length):]
                packed = gzipped(status, fields, body, accepts) if method != "HEAD" else None
                if packed:
                    fields, body = packed
                    state["gzipped"] += 1
                    state["json_bytes"] += int(length)
                    state["gzip_bytes"] += len(body)
                head_bytes = (line + "\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields) + "\r\n").encode("latin-1")
                out += head_bytes + body
            if out:
                writer.write(out)
                await writer.drain()

    async def closing(writer, work):
        """Runs `work` (one direction of a connection), then closes `writer`, however it ended."""
        try:
            await work
        except (ConnectionError, ssl.SSLError):
            pass
        finally:
            try:
                writer.close()
            except Exception:
                pass

    async def serve(client_reader, client_writer):
        state["accepted"] += 1
        state["open"] += 1
        state["most"] = max(state["most"], state["open"])
        if client_writer.get_extra_info("ssl_object").session_reused:
            state["resumed"] += 1
        try:
            backend_reader, backend_writer = await asyncio.open_connection("127.0.0.1", BACKEND_PORT)
            asked = collections.deque()
            await asyncio.gather(closing(backend_writer, requests(client_reader, backend_writer, asked)),
                                 closing(client_writer, answers(backend_reader, client_writer, asked)))
        finally:
            state["open"] -= 1

    async def control():
        # One line on stdin: "reset" clears the counts, "save" writes them.
        loop = asyncio.get_running_loop()
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            if line.strip() == "reset":
                state.update(most=state["open"], accepted=0, resumed=0, targets=[], gzipped=0, json_bytes=0, gzip_bytes=0)
            save()

    async def main():
        server = await asyncio.start_server(serve, SERVER_IP, TLS_PORT, ssl=context, backlog=256)
        save()
        async with server:
            await control()

    asyncio.run(main())


# --- the driver ---------------------------------------------------------------------------------


def make_certificates(folder):
    def openssl(*args):
        sh("openssl", *args, cwd=folder)

    # ECDSA P-256, as most servers now use: a handshake costs the terminator far less CPU than RSA's.
    curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl("req", "-x509", *curve, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=hollow network bench CA")
    openssl("req", *curve, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=bench")
    with open(os.path.join(folder, "ext.cnf"), "w") as f:
        f.write(f"subjectAltName=IP:{SERVER_IP}\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
            "server.pem", "-days", "2", "-extfile", "ext.cnf")


class Terminator:
    def __init__(self, folder):
        self.log = os.path.join(folder, "terminator.json")
        self.process = subprocess.Popen(
            ["ip", "netns", "exec", SERVER_NS, sys.executable, __file__, "--terminator", os.path.join(folder, "server.pem"),
             os.path.join(folder, "server.key"), self.log], stdin=subprocess.PIPE, text=True)
        self.wait_for_log()

    def wait_for_log(self):
        for _ in range(200):
            if os.path.exists(self.log):
                return
            time.sleep(0.05)
        raise RuntimeError("the TLS terminator did not start")

    def command(self, word):
        os.path.exists(self.log) and os.remove(self.log)
        self.process.stdin.write(word + "\n")
        self.process.stdin.flush()
        self.wait_for_log()
        with open(self.log) as f:
            return json.load(f)

    def close(self):
        self.process.terminate()
        self.process.wait()


def timed(args, env, span=False):
    """Wall time of `args` in the client namespace, in ms, measured inside it (without `ip netns exec`); with
    `span`, (ms, started, ended) in CLOCK_MONOTONIC seconds, to line up with the link's log."""
    timer = (
        "import subprocess, sys, time\n"
        "started = time.monotonic()\n"
        "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
        "ended = time.monotonic()\n"
        "print((ended - started) * 1000, started, ended)\n"
        "sys.stderr.write(done.stderr.decode()[-400:])\n"
        "sys.exit(done.returncode)\n"
    )
    done = subprocess.run(["ip", "netns", "exec", CLIENT_NS, sys.executable, "-c", timer] + args, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{args[0]} failed ({done.returncode}): {done.stderr}")
    ms, started, ended = (float(x) for x in done.stdout.split())
    return (ms, started, ended) if span else ms


def timed_on_link(link, rtt, args, env):
    """timed(args) with the link's packets recorded: (ms, flights(...) or None)."""
    link.record()
    ms, started, ended = timed(args, env, span=True)
    return ms, flights(link.recorded(), rtt, started, ended)


def median_of(reports, field):
    values = [r[field] for r in reports if r and r.get(field) is not None]
    return statistics.median(values) if values else float("nan")


def bench(cli, rtts, runs, folder, before=None):
    make_certificates(folder)
    env = dict(os.environ, SSL_CERT_FILE=os.path.join(folder, "ca.pem"), NO_COLOR="1")
    server_url = f"https://{SERVER_IP}:{TLS_PORT}"
    rows = []
    for rtt in rtts:
        link = Link(rtt)
        server = subprocess.Popen(["ip", "netns", "exec", SERVER_NS, cli, "serve", "--port", str(BACKEND_PORT)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        terminator = Terminator(folder)
        try:
            time.sleep(0.5)
            actual_rtt = measured_rtt() or rtt
            cold, curl, warm, offline, previous, connections, requests, warm_requests = [], [], [], [], [], [], 0, 0
            warm_links, gzip_seen = [], (0, 0, 0)
            for run in range(runs):
                cache = tempfile.mkdtemp(dir=folder)
                terminator.command("reset")
                # The demo's API does not name its image host: without --image-base no image would load.
                timeline = [cli, "timeline", "--plain", "--pages", "3", "--server", server_url, "--image-base",
                            f"{server_url}/images/", "--cache-dir", cache]
                cold.append(timed(timeline, env))
                seen = terminator.command("save")
                requests = len(seen["targets"])
                gzip_seen = (seen["gzipped"], seen["json_bytes"], seen["gzip_bytes"])
                connections.append(seen["most"])
                urls = os.path.join(folder, "urls.txt")
                with open(urls, "w") as f:
                    for target in seen["targets"]:
                        f.write(f'url = "{server_url}{target}"\noutput = "/dev/null"\n')
                terminator.command("reset")
                # --compressed: curl asks for gzip (and decodes it) as hollow-cli does, so both get the same bytes.
                curl.append(timed(["curl", "-s", "--compressed", "--parallel", "--parallel-max", str(BUDGET), "--cacert",
                                   os.path.join(folder, "ca.pem"), "-K", urls], env))
                terminator.command("reset")
                warm_ms, warm_link = timed_on_link(link, actual_rtt, timeline, env)
                warm.append(warm_ms)
                warm_links.append(warm_link)
                warm_requests = len(terminator.command("save")["targets"])
                # The same run from the cache alone: what the warm run spends on this machine, not the link.
                offline.append(timed(timeline + ["--offline"], env))
                shutil.rmtree(cache, ignore_errors=True)
                if before:
                    cache = tempfile.mkdtemp(dir=folder)
                    previous.append(timed([before] + timeline[1:-1] + [cache], env))
                    shutil.rmtree(cache, ignore_errors=True)
            rounds = 1 + -(-(requests - 1) // BUDGET)
            bound = actual_rtt * (2 + rounds)
            row = {
                "rtt": actual_rtt, "requests": requests, "cold": statistics.median(cold), "curl": statistics.median(curl),
                "warm": statistics.median(warm), "offline": statistics.median(offline), "bound": bound, "rounds": rounds, "most_connections": max(connections), "warm_requests": warm_requests,
                "gzipped_answers": gzip_seen[0], "json_bytes": gzip_seen[1], "gzip_bytes": gzip_seen[2],
            }
            row["ratio_curl"] = row["cold"] / row["curl"]
            if previous:
                row["before"] = statistics.median(previous)
                row["before_ratio_curl"] = row["before"] / row["curl"]
            row["ratio_bound"] = row["cold"] / bound
            row["warm_rtts"] = (row["warm"] - row["offline"]) / actual_rtt
            for field in ("flights", "before_ms", "link_rtts", "after_ms"):
                row["warm_" + field] = median_of(warm_links, field)
            rows.append(row)
            print(json.dumps(row), flush=True)
        finally:
            terminator.close()
            server.terminate()
            server.wait()
            link.close()
    print()
    print("| RTT | requests | hollow-cli cold | curl keep-alive | hollow-cli / curl | bound: 2 setup + "
          "rounds | / bound | most connections | warm (offline) | warm - offline, in RTTs |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['rtt']:.1f} ms | {r['requests']} | {r['cold']:.0f} ms | {r['curl']:.0f} ms | {r['ratio_curl']:.2f}x "
              f"(<= 1.3x) | {r['bound']:.0f} ms ({r['rounds']} rounds) | {r['ratio_bound']:.2f}x | "
              f"{r['most_connections']} (<= {BUDGET}) | {r['warm']:.0f} ms ({r['offline']:.0f} ms) | {r['warm_rtts']:.1f} (<= 4) |")
    print()
    print("| RTT | warm: flights on the link | first packet after | first packet to last answer | last answer to exit |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['rtt']:.1f} ms | {r['warm_flights']:.0f} (<= 4) | {r['warm_before_ms']:.0f} ms | "
              f"{r['warm_link_rtts']:.1f} RTT | {r['warm_after_ms']:.0f} ms |")
    warm_slope = slope([(r["rtt"], r["warm"]) for r in rows])
    if warm_slope is not None:
        print(f"warm: {warm_slope:.2f} round trips per added ms of RTT (the slope across {len(rows)} links; <= 4)")
    for r in [r for r in rows if "before" in r]:
        print(f"before: {r['rtt']:.1f} ms: {r['before']:.0f} ms cold, {r['before_ratio_curl']:.2f}x curl")


def can_make_namespaces():
    if os.geteuid() != 0:
        return "not root"
    if not os.path.exists("/dev/net/tun"):
        return "no /dev/net/tun"
    for tool in ("ip", "curl", "openssl"):
        if shutil.which(tool) is None:
            return f"{tool} is missing"
    probe = sh("ip", "netns", "add", "hollow-nb-probe", check=False)
    if probe.returncode != 0:
        return "cannot create a network namespace: " + probe.stderr.strip()
    sh("ip", "netns", "del", "hollow-nb-probe", check=False)
    return None


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--terminator":
        terminator(*sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=".build/release/hollow-cli")
    parser.add_argument("--rtt", type=float, nargs="+", default=[30, 80], help="round-trip times in ms")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="CI's form: 30 ms only, 3 runs")
    parser.add_argument("--before", help="another hollow-cli (an older build) whose cold run is timed beside")
    options = parser.parse_args()
    if options.quick:
        options.rtt, options.runs = [30], 3
    reason = can_make_namespaces()
    if reason:
        print(f"network benchmark skipped: {reason} (it needs root to make network namespaces and tun devices)")
        return
    if not os.access(options.cli, os.X_OK):
        sys.exit(f"no hollow-cli at {options.cli}: swift build -c release --product hollow-cli")
    with tempfile.TemporaryDirectory() as folder:
        before = os.path.abspath(options.before) if options.before else None
        bench(os.path.abspath(options.cli), options.rtt, options.runs, folder, before)


if __name__ == "__main__":
    main()
