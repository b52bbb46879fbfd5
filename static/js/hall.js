// hall: the round's clock, the director's announcement and the hall's screen. Progressive
// enhancement: without JavaScript a clock reads "ends at 20:45" and every panel of the
// screen shows at once.
// - Every clock ([data-round-clock] with data-ends, UTC) counts down each second (m:ss)
//   and says its data-over-text at zero.
// - A page whose element carries data-hall-events follows the tournament's event stream:
//   on a new revision it fetches itself and swaps each [data-hall-part][id]. A table page
//   (data-table-room) whose link now shows another room (a session link after the round
//   moved on) reloads, unless something was typed on it.
// - The screen (body.screen) shows one [data-screen-panel] at a time, in turn.
(function () {
  "use strict";

  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function tick() {
    var clocks = document.querySelectorAll("[data-round-clock][data-ends]");
    for (var i = 0; i < clocks.length; i += 1) {
      var clock = clocks[i];
      var ends = Date.parse(clock.getAttribute("data-ends"));
      var out = clock.querySelector("[data-clock-left]");
      if (isNaN(ends) || !out) {
        continue;
      }
      var left = Math.max(0, Math.round((ends - Date.now()) / 1000));
      out.hidden = false;
      out.textContent = left > 0
        ? Math.floor(left / 60) + ":" + two(left % 60)
        : clock.getAttribute("data-over-text");
      clock.classList.toggle("over", left === 0);
    }
  }
  tick();
  setInterval(tick, 1000);

  var screen = document.body.classList.contains("screen");
  var turn = 0;

  function showPanel() {
    var panels = document.querySelectorAll("[data-screen-panel]");
    if (panels.length === 0) {
      return;
    }
    turn = turn % panels.length;
    for (var i = 0; i < panels.length; i += 1) {
      panels[i].hidden = i !== turn;
    }
  }

  if (screen) {
    document.body.classList.add("rotating");
    showPanel();
    setInterval(function () {
      turn += 1;
      showPanel();
    }, 12000);
  }

  var host = document.querySelector("[data-hall-events]");
  if (!host || !window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }
  var typed = false;
  document.addEventListener("input", function () {
    typed = true;
  });
  var busy = false;
  var again = false;

  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    again = false;
    fetch(window.location.href, {
      credentials: "same-origin",
      cache: "no-cache",
      headers: { "Accept": "text/html" }
    })
      .then(function (response) {
        if (!response.ok) {
          throw new Error("HTTP " + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var room = document.querySelector("[data-table-room]");
        var fresh = doc.querySelector("[data-table-room]");
        if (room && fresh && !typed &&
            room.getAttribute("data-table-room") !== fresh.getAttribute("data-table-room")) {
          window.location.reload();
          return;
        }
        var parts = document.querySelectorAll("[data-hall-part][id]");
        for (var i = 0; i < parts.length; i += 1) {
          var part = doc.getElementById(parts[i].id);
          if (part) {
            parts[i].innerHTML = part.innerHTML;
          }
        }
        if (screen) {
          showPanel();
        }
        tick();
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) {
          refresh();
        }
      });
  }

  var shown = parseInt(document.body.getAttribute("data-revision"), 10);
  var first = true;
  var events = new window.EventSource(host.getAttribute("data-hall-events"));
  events.addEventListener("revision", function (e) {
    var revision = parseInt(e.data, 10);
    // The stream opens with the revision it stands at: news only if the page is older.
    if (first) {
      first = false;
      if (!(shown > 0) || !(revision > shown)) {
        return;
      }
    }
    refresh();
  });
  window.addEventListener("pagehide", function () {
    events.close();
  });
})();
