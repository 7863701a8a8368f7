# Loopback fixture for measuring hollow-cli rendering: post 1 has a 10 MB text (post 3: 50 MB), post 2 a poll with
# one 100k-character option and 100 short ones. Usage: python3 fixture.py PORT
import json, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

def post(pid, text, vote):
    return {"pid": pid, "text": text, "type": "text", "timestamp": 1700000000, "updated_at": 1700000000,
            "reply": 0, "likenum": 1, "attention": False, "tag": None, "url": "", "image_metadata": {},
            "permissions": [], "deleted": False, "vote": vote}

words = "树洞说 the quick brown fox jumps over "
big = (words * (10_000_000 // len(words.encode()) + 1)).encode()[:10_000_000].decode("utf-8", "ignore")
options = ["x" * 100_000] + ["o%d" % i for i in range(100)]
huge = (words * (50_000_000 // len(words.encode()) + 1)).encode()[:50_000_000].decode("utf-8", "ignore")
posts = {1: post(1, big, {}), 3: post(3, huge, {}), 2: post(2, "poll", {"voted": "", "vote_options": options,
                                                    "vote_data": {o: -1 for o in options}})}
bodies = {pid: json.dumps({"code": 0, "post": p, "data": []}, ensure_ascii=False).encode() for pid, p in posts.items()}

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        url = urlparse(self.path)
        pid = int(parse_qs(url.query).get("pid", ["0"])[0])
        body = bodies.get(pid) if url.path.endswith("/post/detail") else None
        if body is None:
            body = json.dumps({"code": -1, "msg": "no such post"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args): pass

ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
