#!/usr/bin/env python3
"""Hostile clients against `hollow-cli serve` on loopback, and what good clients get meanwhile.

Scenarios (each against a fresh `hollow-cli serve --port 0`, with a temporary XDG_DATA_HOME):

  slowloris   ATTACKERS connections each send the start of a head and trickle a byte every few seconds;
              whenever the server closes one (eviction, 408), it reconnects at once.
  held        ATTACKERS connections each send a request, read the answer and keep the connection,
              asking again every 20 s; reconnecting when closed.
  mixed       half of each.
  uploads     ATTACKERS connections each announce a 4 MB body and send 1 MB of it, then stall.

During each attack GOOD clients (on new connections, a few at a time) ask for the system messages
with a deadline of 5 s each; the success rate is the share answered 200 within it.
`--spread N` makes the attackers come from N loopback addresses (127.0.0.2...) instead of one.

  memory      the server's RSS before and after 20k requests (then another 20k), on keep-alive
              connections, about half of them to made-up paths.

Only the standard library; Linux (reads /proc/<pid>/status).

  python3 Benchmarks/hostile-clients.py --binary .build/release/hollow-cli
  python3 Benchmarks/hostile-clients.py --binary .build/release/hollow-cli --only slowloris --spread 100
"""

import argparse
import json
import os
import random
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time

HOST = "127.0.0.1"
REQUEST = b"GET /v3/contents/system_msg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
CLOSING_REQUEST = b"GET /v3/contents/system_msg HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
SLOW_HEAD = b"GET /v3/contents/system_msg HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
UPLOAD_LENGTH = 4 * 1024 * 1024
UPLOAD_HEAD = (
    b"POST /v3/send/post HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    + b"Content-Length: %d\r\n\r\n" % UPLOAD_LENGTH
)


class Server:
    """`hollow-cli serve --port 0` in a temporary data folder."""

    def __init__(self, binary):
        self.folder = tempfile.TemporaryDirectory(prefix="hollow-hostile-")
        env = dict(os.environ, XDG_DATA_HOME=self.folder.name, HOME=self.folder.name)
        self.process = subprocess.Popen(
            [binary, "--json", "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
        )
        line = self.process.stdout.readline()
        url = json.loads(line)["url"]
        self.port = int(url.rsplit(":", 1)[1].strip("/"))

    def status(self, key):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
        return 0

    def rss_mb(self):
        return self.status("VmRSS") / 1024

    def peak_mb(self):
        return self.status("VmHWM") / 1024

    def threads(self):
        return self.status("Threads")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.folder.cleanup()


class Attack(threading.Thread):
    """`count` hostile connections in one selector loop, reconnecting whenever the server closes one."""

    def __init__(self, port, count, kinds, sources, interval):
        super().__init__(daemon=True)
        self.port = port
        self.kinds = [kinds[index % len(kinds)] for index in range(count)]
        self.sources = sources
        self.interval = interval
        self.selector = selectors.DefaultSelector()
        self.stopping = threading.Event()
        self.open = 0
        self.connects = 0
        self.closed_by_server = 0
        self.resets = 0
        self.refusals_503 = 0
        self.connected_once = threading.Event()

    def run(self):
        pending = [(0.0, index) for index in range(len(self.kinds))]
        while not self.stopping.is_set():
            now = time.monotonic()
            due = [index for when, index in pending if when <= now]
            pending = [(when, index) for when, index in pending if when > now]
            for index in due:
                self.connect(index)
            if self.connects >= len(self.kinds):
                self.connected_once.set()
            for key, events in self.selector.select(timeout=0.2):
                retry = self.handle(key, events)
                if retry is not None:
                    pending.append((time.monotonic() + retry, key.data["index"]))
            now = time.monotonic()
            for key in list(self.selector.get_map().values()):
                state = key.data
                if state["connected"] and now >= state["next"]:
                    state["next"] = now + self.interval
                    try:
                        key.fileobj.send(REQUEST if state["kind"] == "held" else b"a")
                    except OSError:
                        pass
        for key in list(self.selector.get_map().values()):
            self.selector.unregister(key.fileobj)
            key.fileobj.close()

    def connect(self, index):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.bind((self.sources[index % len(self.sources)], 0))
        sock.connect_ex((HOST, self.port))
        state = {"index": index, "kind": self.kinds[index], "connected": False, "next": 0.0}
        self.selector.register(sock, selectors.EVENT_WRITE, state)

    def handle(self, key, events):
        """Returns the delay before reconnecting when the connection ended, else None."""
        sock, state = key.fileobj, key.data
        if not state["connected"]:
            if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                return self.end(sock, 0.05)
            state["connected"] = True
            self.connects += 1
            self.open += 1
            state["next"] = time.monotonic() + self.interval
            first = {"slowloris": SLOW_HEAD, "held": REQUEST, "upload": UPLOAD_HEAD}[state["kind"]]
            try:
                sock.send(first)
            except OSError:
                pass
            if state["kind"] == "upload":
                # 1 MB of the announced 4 MB, as fast as the server takes it, then nothing more.
                state["next"], state["body_left"] = float("inf"), 1024 * 1024
                self.selector.modify(sock, selectors.EVENT_READ | selectors.EVENT_WRITE, state)
            else:
                self.selector.modify(sock, selectors.EVENT_READ, state)
            return None
        if events & selectors.EVENT_WRITE:
            try:
                state["body_left"] -= sock.send(b"a" * min(65536, state["body_left"]))
            except BlockingIOError:
                pass
            except OSError:
                state["body_left"] = 0
            if state["body_left"] <= 0:
                self.selector.modify(sock, selectors.EVENT_READ, state)
        if not events & selectors.EVENT_READ:
            return None
        try:
            data = sock.recv(65536)
        except BlockingIOError:
            return None
        except ConnectionResetError:
            self.resets += 1
            self.open -= 1
            return self.end(sock, 0)
        except OSError:
            self.open -= 1
            return self.end(sock, 0)
        if b"HTTP/1.1 503" in data:
            self.refusals_503 += 1
        if data:
            return None
        self.closed_by_server += 1
        self.open -= 1
        return self.end(sock, 0)

    def end(self, sock, delay):
        self.selector.unregister(sock)
        sock.close()
        return delay


def good_request(port, deadline_seconds):
    """One good client: a new connection, one request; the outcome and the time it took."""
    start = time.monotonic()
    deadline = start + deadline_seconds
    try:
        with socket.create_connection((HOST, port), timeout=deadline_seconds) as sock:
            sock.sendall(CLOSING_REQUEST)
            data = b""
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return "timeout", time.monotonic() - start
                sock.settimeout(left)
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
    except (socket.timeout, TimeoutError):
        return "timeout", time.monotonic() - start
    except ConnectionResetError:
        return "reset", time.monotonic() - start
    except OSError as error:
        return type(error).__name__, time.monotonic() - start
    status = data.split(b" ", 2)[1].decode() if data.startswith(b"HTTP/1.1 ") else "garbage"
    return status, time.monotonic() - start


def good_clients(port, count, parallel, deadline_seconds):
    outcomes = []
    lock = threading.Lock()
    todo = list(range(count))

    def worker():
        while True:
            with lock:
                if not todo:
                    return
                todo.pop()
            outcome = good_request(port, deadline_seconds)
            with lock:
                outcomes.append(outcome)

    workers = [threading.Thread(target=worker) for _ in range(parallel)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    return outcomes


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def attack_scenario(binary, name, kinds, args):
    server = Server(binary)
    sources = ["127.0.0.1"] if args.spread <= 1 else [f"127.0.0.{2 + n}" for n in range(args.spread)]
    try:
        attack = Attack(server.port, args.attackers, kinds, sources, interval=20.0 if kinds == ["held"] else 5.0)
        attack.start()
        attack.connected_once.wait(60)
        time.sleep(args.settle)  # the benchmark lets the attack reach its steady state; not a test
        started = time.monotonic()
        outcomes = good_clients(server.port, args.good, args.parallel, args.deadline)
        elapsed = time.monotonic() - started
        peak, threads = server.peak_mb(), server.threads()
        attack.stopping.set()
        attack.join()
    finally:
        server.stop()
    answered = [seconds for status, seconds in outcomes if status == "200"]
    other = {}
    for status, _ in outcomes:
        if status != "200":
            other[status] = other.get(status, 0) + 1
    print(
        f"{name:10} attackers {args.attackers} from {len(sources)} address(es): good clients "
        f"{len(answered)}/{len(outcomes)} answered 200 ({100 * len(answered) / max(1, len(outcomes)):.1f}%) "
        f"in {elapsed:.1f} s; p50 {1000 * percentile(answered, 0.5):.1f} ms, "
        f"p99 {1000 * percentile(answered, 0.99):.1f} ms; other outcomes {other or 'none'}; "
        f"attacker connects {attack.connects}, closed by server {attack.closed_by_server}, "
        f"503 {attack.refusals_503}, resets {attack.resets}; server peak RSS {peak:.0f} MB, threads {threads}"
    )
    sys.stdout.flush()


def keep_alive_requests(port, count, paths, statuses=None):
    """`count` requests on keep-alive connections, reconnecting when the server says close; counts the
    answers' statuses into `statuses`."""
    statuses = {} if statuses is None else statuses
    sock, reader, done = None, None, 0
    while done < count:
        if sock is None:
            sock = socket.create_connection((HOST, port), timeout=10)
            reader = sock.makefile("rb")
        path = random.choice(paths)
        sock.sendall(b"GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % path.encode())
        try:
            status = reader.readline()
            length, close = 0, False
            while True:
                line = reader.readline()
                if line in (b"\r\n", b""):
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                if name.lower() == "connection" and value.strip().lower() == "close":
                    close = True
            reader.read(length)
            code = status.split(b" ", 2)[1].decode() if status.startswith(b"HTTP/1.1 ") else "garbage"
        except OSError as error:
            code, close = type(error).__name__, True
        statuses[code] = statuses.get(code, 0) + 1
        done += 1
        if close:
            reader.close()
            sock.close()
            sock = None
    if sock is not None:
        reader.close()
        sock.close()
    return statuses


def memory_scenario(binary, args):
    server = Server(binary)
    try:
        real = ["/v3/contents/system_msg", "/v3/contents/post/list?page=1", "/v3/contents/post/randomlist"]
        real += [f"/v3/contents/post/detail?pid={40000 + n}" for n in range(320)]
        made_up = [f"/v3/made-up/{n}" for n in range(20_000)]
        paths = real * 60 + made_up
        keep_alive_requests(server.port, 200, real)
        before = server.rss_mb()
        rows = [("before", before)]
        for round_ in range(2):
            started = time.monotonic()
            per_thread = args.requests // args.parallel
            tallies = [{} for _ in range(args.parallel)]
            threads = [
                threading.Thread(target=keep_alive_requests, args=(server.port, per_thread, paths, tally))
                for tally in tallies
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            statuses = {}
            for tally in tallies:
                for code, number in tally.items():
                    statuses[code] = statuses.get(code, 0) + number
            label = f"after {(round_ + 1) * per_thread * args.parallel} ({time.monotonic() - started:.1f} s, {statuses})"
            rows.append((label, server.rss_mb()))
        print("memory     " + "; ".join(f"{label}: RSS {mb:.1f} MB" for label, mb in rows)
              + f"; peak {server.peak_mb():.1f} MB")
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/hollow-cli")
    parser.add_argument("--attackers", type=int, default=600)
    parser.add_argument("--good", type=int, default=200)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--deadline", type=float, default=5.0, help="seconds a good client waits in all")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds of attack before the good clients")
    parser.add_argument("--spread", type=int, default=1, help="attacker source addresses (127.0.0.2...)")
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--only", choices=["slowloris", "held", "mixed", "uploads", "memory"], action="append")
    args = parser.parse_args()
    chosen = args.only or ["slowloris", "held", "mixed", "uploads", "memory"]
    kinds = {"slowloris": ["slowloris"], "held": ["held"], "mixed": ["slowloris", "held"], "uploads": ["upload"]}
    for name in chosen:
        if name == "memory":
            memory_scenario(args.binary, args)
        else:
            attack_scenario(args.binary, name, kinds[name], args)


if __name__ == "__main__":
    main()
