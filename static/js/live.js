// live: progressive enhancement; every page works without it (its Refresh link reloads).
// A page whose content container (#live) carries data-events listens to the tournament's
// event stream (Server-Sent Events). Each event names the tournament's new revision; when
// it is newer than the one the page shows (data-revision), the page fetches itself again
// and swaps in the new container's content, without a full reload. A page in a background
// tab catches up when it becomes visible. Without EventSource, a page that carries
// data-live="20" fetches itself every 20 seconds instead.
// Focus stays where it was: the element that had it before the swap (the same id, else the
// same link, else the same place among the focusable elements) has it after, without
// scrolling, so a keyboard user is not thrown back to the top of the page.
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (!box || !window.fetch || !window.DOMParser) {
    return;
  }
  var source = box.getAttribute("data-events");
  var shown = parseInt(box.getAttribute("data-revision"), 10);
  if (!(shown > 0)) {
    shown = null;
  }
  var wanted = null;
  var busy = false;
  var again = false;
  var tries = 0;
  var note = document.querySelector(".live-note");

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

  var FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

  // What identifies the focused element inside the container, or null.
  function focusMark() {
    var el = document.activeElement;
    if (!el || el === box || !box.contains(el)) {
      return null;
    }
    var all = box.querySelectorAll(FOCUSABLE);
    var mark = { id: el.id || "", href: el.getAttribute("href"), nth: 0, place: 0 };
    for (var i = 0; i < all.length; i += 1) {
      if (all[i] === el) {
        mark.place = i;
        break;
      }
      if (mark.href !== null && all[i].getAttribute("href") === mark.href) {
        mark.nth += 1;
      }
    }
    return mark;
  }

  function refocus(mark) {
    if (!mark) {
      return;
    }
    var el = mark.id ? document.getElementById(mark.id) : null;
    var all = box.querySelectorAll(FOCUSABLE);
    if (!el && mark.href !== null) {
      var seen = 0;
      for (var i = 0; i < all.length && !el; i += 1) {
        if (all[i].getAttribute("href") === mark.href) {
          if (seen === mark.nth) {
            el = all[i];
          }
          seen += 1;
        }
      }
    }
    if (!el && all.length) {
      el = all[Math.min(mark.place, all.length - 1)];
    }
    if (el && el.focus) {
      try {
        el.focus({ preventScroll: true });
      } catch (e) {
        el.focus();
      }
    }
  }

  // What a reader is typing (a search box marked data-keep) outlives the new content.
  function keep() {
    var fields = box.querySelectorAll("input[data-keep][id]");
    var kept = [];
    for (var i = 0; i < fields.length; i += 1) {
      kept.push({
        id: fields[i].id,
        value: fields[i].value,
        focused: document.activeElement === fields[i]
      });
    }
    return kept;
  }

  function restore(kept) {
    for (var i = 0; i < kept.length; i += 1) {
      var field = document.getElementById(kept[i].id);
      if (field) {
        field.value = kept[i].value;
        if (kept[i].focused) {
          field.focus();
        }
      }
    }
  }

  function behind() {
    return wanted !== null && (shown === null || wanted > shown);
  }

  function refresh() {
    if (document.hidden) {
      return; // caught up by onVisibility
    }
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
        var revision = parseInt(response.headers.get("Fushi-Revision"), 10);
        return response.text().then(function (html) {
          return { revision: revision > 0 ? revision : null, html: html };
        });
      })
      .then(function (got) {
        var doc = new DOMParser().parseFromString(got.html, "text/html");
        var fresh = doc.getElementById("live");
        if (fresh) {
          var mark = focusMark();
          var kept = keep();
          box.innerHTML = fresh.innerHTML;
          restore(kept);
          refocus(mark);
          stamp();
        }
        // Parts of the page outside the container that follow it too (the count of
        // rooms calling the director in a director page's header).
        var parts = document.querySelectorAll("[data-live-part][id]");
        for (var i = 0; i < parts.length; i += 1) {
          var part = doc.getElementById(parts[i].id);
          if (part) {
            parts[i].innerHTML = part.innerHTML;
          }
        }
        if (got.revision !== null) {
          shown = got.revision;
        } else if (wanted !== null) {
          shown = wanted;
        }
        // The server may still be loading the announced revision: ask again shortly.
        if (behind() && tries < 10) {
          tries += 1;
          setTimeout(refresh, 300);
        } else {
          tries = 0;
        }
      })
      .catch(function () {
        if (tries < 10) {
          tries += 1;
          setTimeout(refresh, 2000);
        }
      })
      .then(function () {
        busy = false;
        if (again) {
          refresh();
        }
      });
  }

  function onVisibility() {
    if (!document.hidden && behind()) {
      refresh();
    }
  }
  document.addEventListener("visibilitychange", onVisibility);

  if (source && window.EventSource) {
    var events = new window.EventSource(source);
    events.addEventListener("revision", function (e) {
      var revision = parseInt(e.data, 10);
      if (!(revision > 0)) {
        return;
      }
      if (shown === null) {
        // A page that does not know its revision takes the first one as its own.
        shown = revision;
        return;
      }
      if (revision > shown && (wanted === null || revision > wanted)) {
        wanted = revision;
        tries = 0;
        refresh();
      }
    });
    window.addEventListener("pagehide", function () {
      events.close();
    });
    return;
  }

  // No EventSource: look again every few seconds while results come in.
  var seconds = parseInt(box.getAttribute("data-live"), 10);
  if (seconds >= 5) {
    setInterval(function () {
      wanted = (shown || 0) + 1;
      refresh();
    }, seconds * 1000);
  }
})();
