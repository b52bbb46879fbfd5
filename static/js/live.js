// live: progressive enhancement; every page works without it.
// A public page whose content container carries data-live="20" (a round is in progress)
// fetches itself again every 20 seconds and swaps in the new container's content, without
// a full reload. It pauses while the tab is hidden and stops once the fresh page is no
// longer live (the round is complete). Without JavaScript the page's "Refresh" link does
// the same by hand.
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (!box || !box.hasAttribute("data-live") || !window.fetch || !window.DOMParser) {
    return;
  }
  var seconds = parseInt(box.getAttribute("data-live"), 10);
  if (!(seconds >= 5)) {
    seconds = 20;
  }
  var note = document.querySelector(".live-note");
  var timer = null;
  var busy = false;
  var last = Date.now();

  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function stamp() {
    if (!note) {
      return;
    }
    var now = new Date();
    var time = two(now.getHours()) + ":" + two(now.getMinutes()) + ":" + two(now.getSeconds());
    var text = note.getAttribute("data-updated") || "{time}";
    note.textContent = text.replace("{time}", time);
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(refresh, seconds * 1000);
  }

  function stop() {
    clearTimeout(timer);
    timer = null;
    document.removeEventListener("visibilitychange", onVisibility);
  }

  function refresh() {
    if (document.hidden) {
      return; // resumed by onVisibility
    }
    if (busy) {
      return;
    }
    busy = true;
    fetch(window.location.href, {
      credentials: "same-origin",
      cache: "no-store",
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
        var fresh = doc.getElementById("live");
        if (!fresh) {
          schedule();
          return;
        }
        box.innerHTML = fresh.innerHTML;
        last = Date.now();
        stamp();
        if (fresh.hasAttribute("data-live")) {
          schedule();
        } else {
          box.removeAttribute("data-live");
          stop();
        }
      })
      .catch(function () {
        // The server may be restarting or the network gone for a moment: try again later.
        schedule();
      })
      .then(function () {
        busy = false;
      });
  }

  function onVisibility() {
    if (document.hidden) {
      clearTimeout(timer);
    } else if (Date.now() - last >= seconds * 1000) {
      refresh();
    } else {
      schedule();
    }
  }

  document.addEventListener("visibilitychange", onVisibility);
  schedule();
})();
