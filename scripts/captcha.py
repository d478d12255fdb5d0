"""A development captcha that speaks Cloudflare Turnstile's protocols, so sign-up's robot check
works on a machine that cannot reach Cloudflare (and tests check it against a real server).

    .venv/bin/python scripts/captcha.py [--port 3006] [--secret SECRET]

- ``GET /turnstile/v0/api.js``: the widget script. Like Turnstile's, it defines
  ``window.turnstile.render(container, {sitekey, callback, "expired-callback"})``, ``reset`` and
  ``remove``, and puts the answer in a hidden ``cf-turnstile-response`` input of the container.
  The widget is a checkbox, "I am not a robot"; ticking it asks this server for a token.
- ``POST /turnstile/v0/token``: a fresh token (what the real widget gets from its challenge).
- ``POST /turnstile/v0/siteverify``: form or JSON ``secret``, ``response`` [, ``remoteip``] ->
  ``{"success": bool, "error-codes": [...], "challenge_ts", "hostname"}``. Tokens are good once,
  for 300 seconds, and only with the right secret, as with Turnstile.

In production, identity's ``IDENTITY_CAPTCHA_VERIFY_URL`` points at Cloudflare's siteverify and
the web's ``CAPTCHA_SCRIPT_URL`` at Cloudflare's script; nothing else changes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

TOKEN_LIFETIME = 300.0
DEFAULT_SECRET = "demo-captcha-secret"  # noqa: S105 - a local development server's default
WIDGET = r"""
(function () {
  var base = %(base)s;
  function render(container, options) {
    var el = typeof container === "string" ? document.querySelector(container) : container;
    if (!el) throw new Error("turnstile: no container");
    options = options || {};
    el.innerHTML = "";
    var box = document.createElement("label");
    box.setAttribute("data-captcha", "demo");
    box.style.cssText = "display:inline-flex;align-items:center;gap:10px;padding:10px 14px;" +
      "border:1px solid #c9ced6;border-radius:6px;background:#f8f9fa;color:#212529;" +
      "font:14px system-ui,sans-serif;cursor:pointer";
    var check = document.createElement("input");
    check.type = "checkbox";
    check.setAttribute("aria-label", "I am not a robot");
    var text = document.createElement("span");
    text.textContent = "I am not a robot";
    var brand = document.createElement("small");
    brand.textContent = "demo captcha";
    brand.style.cssText = "color:#6c757d;margin-left:8px";
    var answer = document.createElement("input");
    answer.type = "hidden";
    answer.name = "cf-turnstile-response";
    box.appendChild(check); box.appendChild(text); box.appendChild(brand);
    el.appendChild(box); el.appendChild(answer);
    check.addEventListener("change", function () {
      if (!check.checked) { answer.value = ""; return; }
      check.disabled = true;
      fetch(base + "/turnstile/v0/token", {method: "POST", body: options.sitekey || ""})
        .then(function (r) { return r.json(); })
        .then(function (body) {
          answer.value = body.token;
          check.disabled = false;
          if (options.callback) options.callback(body.token);
          setTimeout(function () {
            if (answer.value === body.token) {
              answer.value = ""; check.checked = false;
              if (options["expired-callback"]) options["expired-callback"]();
            }
          }, %(lifetime_ms)d);
        })
        .catch(function (e) {
          check.checked = false; check.disabled = false;
          if (options["error-callback"]) options["error-callback"](e);
        });
    });
    return el;
  }
  window.turnstile = {
    render: render,
    reset: function (el) { if (el) render(el, {}); },
    remove: function (el) {
      var node = typeof el === "string" ? document.querySelector(el) : el;
      if (node) node.innerHTML = "";
    },
    getResponse: function (el) {
      var node = typeof el === "string" ? document.querySelector(el) : el;
      var input = node && node.querySelector("input[name=cf-turnstile-response]");
      return input ? input.value : undefined;
    },
  };
  var onload = document.currentScript &&
    new URL(document.currentScript.src).searchParams.get("onload");
  if (onload && typeof window[onload] === "function") window[onload]();
})();
"""


@dataclass
class Tokens:
    lifetime: float = TOKEN_LIFETIME
    issued: dict[str, float] = field(default_factory=dict)

    def issue(self) -> str:
        now = time.monotonic()
        self.issued = {t: at for t, at in self.issued.items() if now - at < self.lifetime}
        token = "demo." + secrets.token_urlsafe(32)
        self.issued[token] = now
        return token

    def spend(self, token: str) -> str | None:
        """None when the token is good (and now spent), else Turnstile's error code."""
        issued_at = self.issued.pop(token, None)
        if issued_at is None:
            return "invalid-input-response"
        if time.monotonic() - issued_at >= self.lifetime:
            return "timeout-or-duplicate"
        return None


def captcha_app(*, secret: str = DEFAULT_SECRET, lifetime: float = TOKEN_LIFETIME) -> FastAPI:
    tokens = Tokens(lifetime=lifetime)
    app = FastAPI(title="demo captcha", docs_url=None, redoc_url=None)
    cors = {"Access-Control-Allow-Origin": "*"}

    @app.get("/turnstile/v0/api.js")
    async def script(request: Request) -> Response:
        base = str(request.base_url).rstrip("/")
        body = WIDGET % {"base": json.dumps(base), "lifetime_ms": int(lifetime * 1000)}
        return Response(body, media_type="text/javascript", headers=cors)

    @app.post("/turnstile/v0/token")
    async def token() -> JSONResponse:
        return JSONResponse({"token": tokens.issue()}, headers=cors)

    @app.post("/turnstile/v0/siteverify")
    async def siteverify(request: Request) -> JSONResponse:
        form: dict[str, Any]
        if request.headers.get("content-type", "").startswith("application/json"):
            form = await request.json()
        else:
            form = dict(await request.form())
        errors: list[str] = []
        if not form.get("secret"):
            errors.append("missing-input-secret")
        elif not secrets.compare_digest(str(form["secret"]), secret):
            errors.append("invalid-input-secret")
        response = str(form.get("response") or "")
        if not response:
            errors.append("missing-input-response")
        elif not errors:
            error = tokens.spend(response)
            if error:
                errors.append(error)
        answer: dict[str, Any] = {"success": not errors, "error-codes": errors}
        if not errors:
            answer |= {
                "challenge_ts": datetime.now(UTC).isoformat(),
                "hostname": request.url.hostname,
            }
        return JSONResponse(answer)

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=3006)
    parser.add_argument("--secret", default=os.environ.get("DEMO_CAPTCHA_SECRET", DEFAULT_SECRET))
    args = parser.parse_args()
    config = uvicorn.Config(
        captcha_app(secret=args.secret), host=args.host, port=args.port, log_level="info"
    )
    await uvicorn.Server(config).serve()


if __name__ == "__main__":
    asyncio.run(main())
