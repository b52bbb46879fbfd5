// table: progressive enhancement for entering at the table; the page works without it.
// What is typed is kept in the browser's storage (per link), put back after a reload, and
// when a save fails for lack of connection it is sent again: every few seconds (2 s, then
// doubling up to 30 s), whenever the page is shown again, and on the browser's "online"
// (which never fires when only the server went away, so it cannot be the only trigger).
// The page says how many boards wait ("3 boards waiting to be sent"), then "sent".
// The form's submission id travels with it, so the server saves a resent entry once.
// The team code is never kept: not in the browser's storage, and (autocomplete="off") not
// in its form history; a save waiting to be resent holds it in memory only.
(function () {
  "use strict";
  var box = document.querySelector("[data-table-entry]");
  var form = box && box.querySelector("form.table-form");
  if (!form || !window.localStorage || !window.fetch || !window.FormData) {
    return;
  }
  var key = "fushi-table-" + box.getAttribute("data-table-entry");
  var note = box.querySelector(".table-offline");

  // The form's fields; the team code only when `withCode` (it is sent, never stored).
  function collect(withCode) {
    var data = {};
    new FormData(form).forEach(function (value, name) {
      if (name !== "code" || withCode) {
        data[name] = value;
      }
    });
    return data;
  }

  var heldCode = "";

  function store() {
    try {
      localStorage.setItem(key, JSON.stringify(collect(false)));
    } catch (e) { /* storage full or off: the form still works */ }
  }

  function restore() {
    var saved;
    try {
      saved = JSON.parse(localStorage.getItem(key) || "null");
    } catch (e) {
      saved = null;
    }
    if (!saved) {
      return;
    }
    Object.keys(saved).forEach(function (name) {
      var fields = form.querySelectorAll("[name=\"" + name + "\"]");
      Array.prototype.forEach.call(fields, function (field) {
        if (field.type === "radio" || field.type === "checkbox") {
          field.checked = field.value === saved[name];
        } else if (!field.value) {
          field.value = saved[name];
        }
      });
    });
  }

  function show(text) {
    if (note) {
      note.textContent = text;
      note.hidden = !text;
      // Under the Save button the phone has just been tapped: the note comes into view.
      if (text && note.scrollIntoView) {
        note.scrollIntoView({ block: "nearest" });
      }
    }
  }

  function send(data) {
    var body = new URLSearchParams();
    Object.keys(data).forEach(function (name) {
      body.append(name, data[name]);
    });
    if (heldCode && !data.code) {
      body.append("code", heldCode);
    }
    return fetch(form.action, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) {
        if (response.ok || response.redirected) {
          localStorage.removeItem(key);
          // The redirect's "#confirm" does not survive fetch: the page reloaded opens at
          // the opponents' confirmation all the same.
          try {
            sessionStorage.setItem(key + "-confirm", "1");
          } catch (e) { /* then the page opens at its top */ }
          window.location.href = response.url || form.action;
        } else {
          // A refusal with its messages (422): show it as the page, at its first message
          // (the page was wherever Save was, thousands of pixels down on a phone).
          return response.text().then(function (html) {
            document.open();
            document.write(html);
            document.close();
            var told = document.querySelector(".field-error, .form-problems");
            if (told && told.scrollIntoView) {
              told.scrollIntoView({ block: "center" });
            }
          });
        }
      });
  }

  // How many boards the kept entry holds: fields are named "{board}-{field}".
  function boardsIn(data) {
    var boards = {};
    Object.keys(data).forEach(function (name) {
      var m = /^(\d+)-/.exec(name);
      // The declarers' last trick is every untyped board's default: it types nothing.
      if (m && data[name] !== "" && !(/-last_trick$/.test(name) && data[name] === "declarer")) {
        boards[m[1]] = true;
      }
    });
    return Object.keys(boards).length;
  }

  function waiting(data) {
    var text = note ? note.getAttribute("data-waiting-text") || "" : "";
    show(text.replace("§", String(boardsIn(data))));
  }

  var delay = 2000;
  var timer = null;
  var sending = false;

  function pending() {
    try {
      return JSON.parse(localStorage.getItem(key + "-pending") || "null");
    } catch (e) {
      return null;
    }
  }

  function later() {
    if (timer) {
      clearTimeout(timer);
    }
    timer = setTimeout(retry, delay);
    delay = Math.min(delay * 2, 30000);
  }

  function retry() {
    var saved = pending();
    if (!saved || sending) {
      return;
    }
    sending = true;
    waiting(saved);
    send(saved).then(function () {
      sending = false;
      localStorage.removeItem(key + "-pending");
      try {
        sessionStorage.setItem(key + "-sent", "1");
      } catch (e) { /* the note is a courtesy */ }
      show(note ? note.getAttribute("data-resent-text") : "");
    }, function () {
      sending = false;
      later();
    });
  }

  // After a resend the page reloads: it says once that the entry was sent.
  try {
    if (sessionStorage.getItem(key + "-sent")) {
      sessionStorage.removeItem(key + "-sent");
      show(note ? note.getAttribute("data-resent-text") : "");
    }
  } catch (e) { /* no session storage: no note */ }

  try {
    if (sessionStorage.getItem(key + "-confirm")) {
      sessionStorage.removeItem(key + "-confirm");
      var confirmForm = document.getElementById("confirm");
      if (confirmForm && confirmForm.scrollIntoView) {
        confirmForm.scrollIntoView({ block: "start" });
        // Its button too, where the form is taller than the phone (the list of boards above
        // it): the least scroll that shows it keeps the code field in view.
        var button = document.getElementById("table-confirm");
        if (button && button.scrollIntoView) {
          button.scrollIntoView({ block: "nearest" });
        }
      }
      // The opponents' code field takes the keypad (the page's autofocus, kept in view).
      var theirs = confirmForm && confirmForm.querySelector("input[name=code]");
      if (theirs) {
        theirs.focus({ preventScroll: true });
      }
    }
  } catch (e) { /* no session storage: the page opens at its top */ }

  restore();
  form.addEventListener("input", store);
  form.addEventListener("change", store);
  form.addEventListener("submit", function (event) {
    var data = collect(true);
    store();
    event.preventDefault();
    send(data).catch(function () {
      heldCode = data.code || "";
      delete data.code;
      localStorage.setItem(key + "-pending", JSON.stringify(data));
      delay = 2000;
      waiting(data);
      later();
    });
  });
  window.addEventListener("online", function () {
    delay = 2000;
    retry();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      retry();
    }
  });
  retry();
})();

// Moving on by itself, so that a room takes few taps: once the team code has its digits the
// first empty board's trick points take the keypad. Each board shows the declarers' last
// trick chosen (the page's default, visible before Save); a tap on a combination says the
// defenders won it with that, and the page checks "defenders" as it shows. Trick points that
// no further digit can make possible (45 of 200) move on: to the bottom when the defenders
// won the last trick, else to the next empty board; a full bottom moves on too, the last board
// to Save. Nothing else is chosen for the table, and the server checks every field on Save.
(function () {
  "use strict";
  var form = document.querySelector("form.table-form");
  if (!form) {
    return;
  }
  var most = {
    trick_points: parseInt(form.getAttribute("data-max-trick-points"), 10) || 0,
    bottom_points: parseInt(form.getAttribute("data-max-bottom-points"), 10) || 0
  };

  function field(board, name) {
    return form.querySelector("[name='" + board + "-" + name + "']");
  }

  function chosen(board, name) {
    return form.querySelector("[name='" + board + "-" + name + "']:checked");
  }

  function choice(board, name, value) {
    return form.querySelector("[name='" + board + "-" + name + "'][value='" + value + "']");
  }

  function go(target) {
    if (!target) {
      return;
    }
    target.focus();
    if (target.scrollIntoView) {
      target.scrollIntoView({ block: "center" });
    }
  }

  // The trick points of the first board after `board` (null: from the first) still empty,
  // else the Save button.
  function nextEmpty(board) {
    var boards = form.querySelectorAll("fieldset.table-board");
    var passed = board === null;
    for (var i = 0; i < boards.length; i += 1) {
      var number = boards[i].id.replace("board-", "");
      if (!passed) {
        passed = number === board;
        continue;
      }
      var points = field(number, "trick_points");
      if (points && points.value === "") {
        return points;
      }
    }
    return document.getElementById("table-save");
  }

  // No digit more keeps the figure within what a board can have.
  function full(text, max) {
    return /^[0-9]+$/.test(text) && (text === "0" || parseInt(text, 10) * 10 > max);
  }

  function defenders(board) {
    var last = chosen(board, "last_trick");
    return !!last && last.value === "defenders";
  }

  // Where a board goes once its last trick is settled: its first empty figure that counts,
  // else the next empty board.
  function onward(board) {
    var points = field(board, "trick_points");
    if (points && points.value === "") {
      return points;
    }
    var bottom = field(board, "bottom_points");
    if (defenders(board) && bottom && bottom.value === "") {
      return bottom;
    }
    return nextEmpty(board);
  }

  form.addEventListener("input", function (event) {
    if (event.target.name === "code") {
      var digits = parseInt(event.target.getAttribute("data-code-digits"), 10) || 0;
      if (digits && /^[0-9]+$/.test(event.target.value) && event.target.value.length >= digits) {
        var first = nextEmpty(null);
        if (first && first.name) {
          go(first);
        }
      }
      return;
    }
    var m = /^(\d+)-(trick_points|bottom_points)$/.exec(event.target.name || "");
    if (!m || !full(event.target.value, most[m[2]])) {
      return;
    }
    if (m[2] === "trick_points" && defenders(m[1])) {
      go(field(m[1], "bottom_points"));
    } else if (m[2] === "trick_points" || chosen(m[1], "combo") && chosen(m[1], "combo").value !== "") {
      go(nextEmpty(m[1]));
    } else {
      // The defenders' combination is a tap: the keypad makes way for it.
      event.target.blur();
    }
  });

  form.addEventListener("change", function (event) {
    var name = event.target.name || "";
    var seat = /^seat-/.test(name) && event.target.closest ? event.target.closest("details") : null;
    if (seat) {
      // The pair tapped is the answer: the question folds up again, showing it, and the
      // code field takes the keypad if it is still empty.
      var shown = seat.querySelector(".chosen");
      var label = event.target.parentNode ? event.target.parentNode.textContent.trim() : "";
      if (shown) {
        shown.textContent = label;
      }
      seat.open = false;
      var code = form.querySelector("input[name=code]");
      if (code && code.value === "") {
        go(code);
      }
      return;
    }
    var m = /^(\d+)-(last_trick|combo)$/.exec(name);
    if (!m) {
      return;
    }
    var combo = chosen(m[1], "combo");
    if (m[2] === "combo" && combo && combo.value !== "") {
      // Only the defenders' last trick has a combination: the tap says who won it.
      var theirs = choice(m[1], "last_trick", "defenders");
      if (theirs && !theirs.checked) {
        theirs.checked = true;
        form.dispatchEvent(new Event("change"));
      }
      go(onward(m[1]));
    } else if (m[2] === "last_trick" && event.target.value === "declarer") {
      var none = choice(m[1], "combo", "");
      if (combo && combo.value !== "" && none) {
        none.checked = true;
        form.dispatchEvent(new Event("change"));
      }
      go(onward(m[1]));
    }
  });
})();

// A room's confirmation and "show the entry" take the team code and nothing else: the sixth
// digit presses the form's button (which stays for a page without this script, and for
// the Enter key).
(function () {
  "use strict";
  var fields = document.querySelectorAll("input[data-code-submits]");
  Array.prototype.forEach.call(fields, function (code) {
    var button = document.getElementById(code.getAttribute("data-code-submits"));
    var digits = parseInt(code.getAttribute("data-code-digits"), 10) || 0;
    var pressed = false;
    code.addEventListener("input", function () {
      if (!pressed && button && digits && new RegExp("^[0-9]{" + digits + "}$").test(code.value)) {
        pressed = true;
        button.click();
      }
    });
  });
})();

// A code refused is told beside its field: the page opens with the message in view (the
// field's own focus would leave the message under the edge of a phone's screen).
(function () {
  "use strict";
  var told = document.getElementById("code-error");
  if (told && told.scrollIntoView) {
    told.scrollIntoView({ block: "center" });
  }
})();
