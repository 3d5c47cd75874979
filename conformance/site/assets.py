"""The site's style and its one script (inline: the site loads nothing, at view time or ever).

The script filters the index's table of cases by outcome (on any engine or on one), topic (a folder
and its subfolders), rule (a CR number and its subrules, as ``mtgc run --rule``) and text (in the id
and title, or a case's old ids). It reads only the rows' text and ``data-`` attributes and writes only
``hidden`` and a count, never HTML, so nothing from a report can become markup. The filter lives in
the page's address (``index.html#topic=106-mana&outcome=fail``): links into a filtered view are stable.
"""

from __future__ import annotations

import base64
import hashlib

from conformance.report.html import CSS as REPORT_CSS

CSS = REPORT_CSS + """
body{max-width:90em}
.matrix td.rate{text-align:right;white-space:nowrap}
.absent{background:#fff;border:1px dashed #999;color:#555}
.badge.absent{color:#555}
.badge.not_applicable,.badge.skipped{color:#333}
form.filter{display:flex;flex-wrap:wrap;gap:.6em;align-items:end;margin:1em 0;padding:.6em;background:#f4f4f4}
form.filter label{display:flex;flex-direction:column;font-size:.85em}
#cases td.o{white-space:nowrap} #cases tr[hidden]{display:none}
blockquote{margin:.5em 0;padding:.3em .8em;border-left:4px solid #2e6fd2;background:#f3f7fd}
nav{margin-bottom:1em}
"""

#: Case pages: only what they use (a page per case: every byte is paid 800 times).
PAGE_CSS = (
    "body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0 1em}th,td{border:1px solid #ccc;padding:.25em .5em;"
    "text-align:left;vertical-align:top}"
    ".badge{font-weight:bold;padding:.1em .5em;border-radius:3px;color:#fff}"
    ".pass{background:#2e9e44}.fail{background:#d23c3c}.error{background:#e08a1e}.crash{background:#7b2d8e}"
    ".timeout{background:#3c66d2}.not_applicable{background:#bbb;color:#333}.skipped{background:#e6e6e6;"
    "color:#333}.absent{background:#fff;border:1px dashed #999;color:#555}.known{outline:2px dashed #333}"
    "pre{background:#f6f6f6;padding:.5em;overflow:auto;max-height:20em;white-space:pre-wrap}"
    "details{margin:.5em 0;border-left:4px solid #ccc;padding-left:.6em}summary{cursor:pointer}"
    "blockquote{margin:.5em 0;padding:.3em .8em;border-left:4px solid #2e6fd2;background:#f3f7fd}"
)

SCRIPT = r"""(function () {
  "use strict";
  var form = document.getElementById("filter");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#cases tbody tr"));
  var names = ["engine", "outcome", "topic", "rule", "text"];
  function value(name) { return (form.elements[name].value || "").trim(); }
  function cites(rule, wanted) {
    if (rule === wanted) { return true; }
    if (rule.indexOf(wanted) !== 0) { return false; }
    var next = rule.charAt(wanted.length);
    if (wanted.indexOf(".") < 0) { return next === "." || (wanted.length === 1 && /[0-9]/.test(next)); }
    return /[0-9]/.test(wanted.charAt(wanted.length - 1)) && /[a-z]/.test(next);
  }
  function apply() {
    var engine = value("engine"), outcome = value("outcome"), topic = value("topic");
    var rule = value("rule"), text = value("text").toLowerCase(), shown = 0;
    rows.forEach(function (row) {
      var data = row.dataset, keep = true;
      if (topic && data.topic !== topic && data.topic.indexOf(topic + "/") !== 0) { keep = false; }
      if (keep && outcome) {
        var outcomes = data.outcomes.split(" ");
        keep = engine === "" ? outcomes.indexOf(outcome) >= 0 : outcomes[Number(engine)] === outcome;
      }
      if (keep && rule) {
        keep = data.rules.split(" ").some(function (cited) { return cites(cited, rule); });
      }
      if (keep && text) {
        keep = (row.cells[0].textContent + " " + (data.old || "")).toLowerCase().indexOf(text) >= 0;
      }
      row.hidden = !keep;
      if (keep) { shown += 1; }
    });
    document.getElementById("shown").textContent = shown + " of " + rows.length + " cases shown";
    var parts = [];
    names.forEach(function (name) {
      if (value(name)) { parts.push(name + "=" + encodeURIComponent(value(name))); }
    });
    history.replaceState(null, "", parts.length ? "#" + parts.join("&") : location.pathname);
  }
  function fromAddress() {
    names.forEach(function (name) { form.elements[name].value = ""; });
    location.hash.slice(1).split("&").forEach(function (part) {
      var at = part.indexOf("="), name = part.slice(0, at);
      if (at > 0 && names.indexOf(name) >= 0) {
        try { form.elements[name].value = decodeURIComponent(part.slice(at + 1)); } catch (e) { /* kept */ }
      }
    });
    apply();
  }
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  form.addEventListener("reset", function () { setTimeout(apply, 0); });
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
})();
"""


def script_hash() -> str:
    """The script's CSP source (``'sha256-…'``): the index allows this one inline script, no other."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode() + "'"


#: Case pages: no script at all.
PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def index_csp() -> str:
    return f"{PAGE_CSP}; script-src {script_hash()}"
