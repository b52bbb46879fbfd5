// table: progressive enhancement for entering at the table; the page works without it.
// What is typed is kept in the browser's storage (per link), put back after a reload, and
// when a save fails for lack of connection it is sent again: every few seconds (2 s, then
// doubling up to 30 s), whenever the page is shown again, and on the browser's "online"
// (which never fires when only the server went away, so it cannot be the only trigger).
// The page says how many boards wait ("3 boards waiting to be sent"), then "sent".
// The form's submission id travels with it, so the server saves a resent entry once.
(function () {
  "use strict";
  var box = document.querySelector("[data-table-entry]");
  var form = box && box.querySelector("form.table-form");
  if (!form || !window.localStorage || !window.fetch || !window.FormData) {
    return;
  }
  var key = "fushi-table-" + box.getAttribute("data-table-entry");
  var note = box.querySelector(".table-offline");

  function collect() {
    var data = {};
    new FormData(form).forEach(function (value, name) {
      data[name] = value;
    });
    return data;
  }

  function store() {
    try {
      localStorage.setItem(key, JSON.stringify(collect()));
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
    return fetch(form.action, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) {
        if (response.ok || response.redirected) {
          localStorage.removeItem(key);
          window.location.href = response.url || form.action;
        } else {
          // A refusal with its messages (422): show it as the page.
          return response.text().then(function (html) {
            document.open();
            document.write(html);
            document.close();
          });
        }
      });
  }

  // How many boards the kept entry holds: fields are named "{board}-{field}".
  function boardsIn(data) {
    var boards = {};
    Object.keys(data).forEach(function (name) {
      var m = /^(\d+)-/.exec(name);
      if (m && data[name] !== "") {
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

  restore();
  form.addEventListener("input", store);
  form.addEventListener("change", store);
  form.addEventListener("submit", function (event) {
    var data = collect();
    store();
    event.preventDefault();
    send(data).catch(function () {
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
