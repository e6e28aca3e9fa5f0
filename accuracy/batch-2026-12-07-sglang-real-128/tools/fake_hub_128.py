#!/usr/bin/env python3
"""Batch 128: a minimal Hugging Face hub (an internal mirror given as HF_ENDPOINT) that serves one repo from a
local folder, at a NEW commit whose config.json has a new etag (the repo was updated upstream), so that
huggingface_hub must download that file again into a cache that holds the older commit.
    fake_hub_128.py PORT REPO_ID FOLDER [CHANGED_FILE]   (CHANGED_FILE: the file with the new etag, default config.json)
Answers: GET /api/models/REPO[/revision/REV] (model info, siblings), GET /api/models/REPO/tree/REV (file list),
HEAD/GET /REPO/resolve/REV/FILE (X-Repo-Commit, X-Linked-Etag/ETag = sha256 of the content, except config.json:
(or CHANGED_FILE): sha256 of content+b"-v2", Content-Length); anything else 404. Every request is printed with the time."""
import hashlib, http.server, json, os, sys, time

PORT, REPO, SRC = int(sys.argv[1]), sys.argv[2], sys.argv[3]
COMMIT = "b" * 40
FILES = sorted(os.listdir(SRC))
CHANGED = sys.argv[4] if len(sys.argv) > 4 else "config.json"

def etag(fn):
    data = open(os.path.join(SRC, fn), "rb").read()
    return hashlib.sha256(data + (b"-v2" if fn == CHANGED else b"")).hexdigest()

class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, fmt, *a):
        print(time.strftime("%T"), "fake_hub:", fmt % a, flush=True)
    def send(self, code, body=b"", ctype="application/json", extra=(), head=False):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        for k, v in extra:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)
    def route(self, head):
        p = self.path.split("?")[0]
        api = f"/api/models/{REPO}"
        if p == api or p.startswith(api + "/revision/"):
            info = dict(id=REPO, modelId=REPO, sha=COMMIT, private=False, gated=False, disabled=False, tags=[],
                        siblings=[dict(rfilename=f) for f in FILES])
            return self.send(200, json.dumps(info).encode(), head=head)
        if p.startswith(api + "/tree/"):
            tree = [dict(type="file", path=f, size=os.path.getsize(os.path.join(SRC, f)), oid=etag(f)) for f in FILES]
            return self.send(200, json.dumps(tree).encode(), head=head)
        pre = f"/{REPO}/resolve/"
        if p.startswith(pre):
            fn = p[len(pre):].split("/", 1)[-1]
            if fn in FILES:
                data = open(os.path.join(SRC, fn), "rb").read(); e = etag(fn)
                return self.send(200, data, "application/octet-stream",
                                 [("X-Repo-Commit", COMMIT), ("X-Linked-Etag", f'"{e}"'), ("ETag", f'"{e}"'),
                                  ("X-Linked-Size", str(len(data)))], head=head)
            return self.send(404, b"Entry not found", "text/plain", [("X-Error-Code", "EntryNotFound"),
                             ("X-Error-Message", "Entry not found"), ("X-Repo-Commit", COMMIT)], head=head)
        return self.send(404, b"Not found", "text/plain", head=head)
    def do_HEAD(self):
        self.route(True)
    def do_GET(self):
        self.route(False)
    def do_POST(self):
        self.send(404, b"Not found", "text/plain")

print(time.strftime("%T"), "fake_hub: serving", REPO, "commit", COMMIT, "on port", PORT,
      CHANGED, "etag", etag(CHANGED), flush=True)
http.server.ThreadingHTTPServer(("127.0.0.1", PORT), H).serve_forever()
