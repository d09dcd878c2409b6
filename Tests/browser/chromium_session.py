#!/usr/bin/env python3
"""One headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
the browser reads commands from fd 3 and writes replies to fd 4, each a JSON text ended by a
NUL byte; https://chromedevtools.github.io/devtools-protocol/).

The tests talk to this script one JSON line at a time on stdin/stdout, so one browser serves
many pages:
  {"op": "open", "url": "file:///..."}    -> {"ok": true}   (a new tab; waits for load)
  {"op": "eval", "expr": "..."}           -> {"ok": true, "value": ...}  (in the current tab;
                                             promises awaited, the value returned as JSON)
  {"op": "shot", "x": 0, "y": 0, "width": W, "height": H, "path": "/tmp/x.png"}
                                        -> {"ok": true}  (a PNG of that part of the current
                                             tab, 1 px a CSS px, on a transparent page
                                             background, written to path)
  {"op": "quit"}
Errors come back as {"ok": false, "error": "..."}.
"""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile


class Browser:
    def __init__(self, width, height):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def wire():
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        # A profile of its own, removed on quit: left to itself, Chromium makes one in the
        # temporary folder and leaves it there.
        self.profile = tempfile.mkdtemp(prefix="ib-chromium-profile-")
        self.proc = subprocess.Popen(
            [os.environ.get("CHROMIUM", "chromium"), "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--hide-scrollbars", "--no-first-run",
             "--user-data-dir=" + self.profile,
             "--window-size=%d,%d" % (width, height), "about:blank"],
            pass_fds=(3, 4), preexec_fn=wire, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.next_id = 0
        self.buffer = b""
        self.session = None
        self.target = None

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(text)

    def open(self, url):
        if self.target:
            self.send("Target.closeTarget", {"targetId": self.target})
        self.target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=self.session)
        self.send("Page.navigate", {"url": url}, session=self.session)
        self.evaluate("new Promise(r => { if (document.readyState === 'complete') r(1); "
                      "else addEventListener('load', () => r(1)); })")

    def evaluate(self, expr):
        result = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True,
                                                "awaitPromise": True}, session=self.session)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError(details.get("exception", {}).get("description") or details.get("text"))
        return result.get("result", {}).get("value")

    def screenshot(self, request):
        # What the page leaves unpainted stays transparent (alpha 0), not the default white.
        self.send("Emulation.setDefaultBackgroundColorOverride",
                  {"color": {"r": 0, "g": 0, "b": 0, "a": 0}}, session=self.session)
        clip = {"x": request["x"], "y": request["y"], "width": request["width"],
                "height": request["height"], "scale": 1}
        shot = self.send("Page.captureScreenshot",
                         {"format": "png", "clip": clip, "captureBeyondViewport": True},
                         session=self.session)
        with open(request["path"], "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def quit(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    browser = Browser(int(os.environ.get("WIDTH", "1000")), int(os.environ.get("HEIGHT", "1400")))
    for line in sys.stdin:
        request = json.loads(line)
        try:
            if request["op"] == "quit":
                break
            if request["op"] == "open":
                browser.open(request["url"])
                reply = {"ok": True}
            elif request["op"] == "shot":
                browser.screenshot(request)
                reply = {"ok": True}
            else:
                reply = {"ok": True, "value": browser.evaluate(request["expr"])}
        except Exception as error:  # reported to the test, which fails with the text
            reply = {"ok": False, "error": str(error)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    browser.quit()


if __name__ == "__main__":
    main()
