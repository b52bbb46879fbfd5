// table: progressive enhancement for entering at the table; the page works without it.
// What is typed is kept in the browser's storage (per link), put back after a reload, and
// when a save fails for lack of connection it is sent again once the connection returns.
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

  function retry() {
    var saved;
    try {
      saved = JSON.parse(localStorage.getItem(key + "-pending") || "null");
    } catch (e) {
      saved = null;
    }
    if (!saved) {
      return;
    }
    send(saved).then(function () {
      localStorage.removeItem(key + "-pending");
      show(note ? note.getAttribute("data-resent-text") : "");
    }, function () { /* still offline: wait for the next "online" */ });
  }

  restore();
  form.addEventListener("input", store);
  form.addEventListener("change", store);
  form.addEventListener("submit", function (event) {
    var data = collect();
    store();
    event.preventDefault();
    send(data).catch(function () {
      localStorage.setItem(key + "-pending", JSON.stringify(data));
      show(note ? note.getAttribute("data-offline-text") : "");
    });
  });
  window.addEventListener("online", retry);
  retry();
})();
