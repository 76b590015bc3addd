import Hummingbird

/// The page's own script and style, served by formctl itself (no CDN, no framework), kept in
/// the binary so a copied formctl serves them too.
enum Assets {
    static func reply(_ text: String, type: String) -> Response {
        HTTPReplies.text(text, type: type, headers: [.cacheControl: "no-cache"])
    }

    /// Sends the form to /state as the person types and shows, hides, and marks required the
    /// fields the answer says; the page works the same without it, one POST at a time.
    static let script = #"""
        "use strict";
        (function () {
          var form = document.getElementById("form");
          if (!form || !window.fetch) return;
          // From the forms' address the page gives: the routes may be mounted under a service's prefix.
          var stateAddress = form.getAttribute("data-forms") + "/" + encodeURIComponent(form.getAttribute("data-form")) + "/state";
          // A page asked for with ?lang= asks the state in the same language; the page's words
          // come from the server in the page's language, never from this script.
          if (form.hasAttribute("data-lang")) stateAddress += "?lang=" + encodeURIComponent(form.getAttribute("data-lang"));
          var requiredTitle = form.getAttribute("data-required") || "";
          var pending = null, inFlight = false, again = false;
          function update() {
            if (inFlight) { again = true; return; }
            inFlight = true;
            var body = new URLSearchParams(new FormData(form));
            body.delete("_action");
            // A file is sent with the form itself, never to /state.
            form.querySelectorAll('input[type="file"]').forEach(function (input) { body.delete(input.name); });
            fetch(stateAddress, { method: "POST", body: body })
              .then(function (response) { return response.ok ? response.json() : null; })
              .then(function (state) { if (state) apply(state); })
              .catch(function () {})
              .then(function () { inFlight = false; if (again) { again = false; update(); } });
          }
          function apply(state) {
            state.fields.forEach(function (field) {
              if (field.path === null) return;
              var box = form.querySelector('[data-path="' + CSS.escape(field.path) + '"]');
              if (!box) return;
              box.hidden = !field.visible;
              var mark = box.querySelector(".required");
              var labelled = box.querySelector("label, legend");
              if (field.required && !mark && labelled) {
                mark = document.createElement("span");
                mark.className = "required";
                mark.setAttribute("aria-hidden", "true");
                mark.title = requiredTitle;
                mark.textContent = "*";
                labelled.appendChild(mark);
              } else if (!field.required && mark) {
                mark.remove();
              }
              var input = box.querySelector("input:not([type=hidden]), textarea, fieldset");
              if (input) {
                if (field.required) input.setAttribute("aria-required", "true"); else input.removeAttribute("aria-required");
                input.disabled = !field.enabled;
              }
              // A box's stand-in for "unticked" goes with it: a disabled field sends nothing.
              box.querySelectorAll("input[type=hidden]").forEach(function (standIn) { standIn.disabled = !field.enabled; });
            });
          }
          function schedule() { clearTimeout(pending); pending = setTimeout(update, 120); }
          // A field being corrected no longer shows the error the server found in it.
          form.addEventListener("input", function (event) {
            var box = event.target.closest ? event.target.closest(".field") : null;
            if (!box) return;
            box.querySelectorAll(".error").forEach(function (error) { error.remove(); });
            box.querySelectorAll("[aria-invalid]").forEach(function (input) {
              input.removeAttribute("aria-invalid");
              input.removeAttribute("aria-describedby");
            });
          });
          form.addEventListener("input", schedule);
          form.addEventListener("change", schedule);
        })();
        """#

    /// Margins and borders on the logical sides (inline-start, inline-end), so that a
    /// right-to-left page mirrors them.
    static let style = #"""
        body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f6f4; color: #1d1d1b; }
        main { max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
        fieldset { border: 1px solid #cfcfca; border-radius: 6px; margin: 0 0 1.25rem; padding: 0.75rem 1rem; background: #fff; }
        legend { font-weight: 600; padding: 0 0.25rem; }
        .field { margin: 0.6rem 0; }
        .field > label { display: block; font-weight: 500; }
        .field > input[type=checkbox] + label { display: inline; }
        input[type=text], input[type=email], input[type=password], input[type=number], input[type=date], input[type=time],
        input[type=datetime-local], input[type=url], input[type=tel], textarea { width: 100%; box-sizing: border-box; padding: 0.4rem; font: inherit; border: 1px solid #9a9a94; border-radius: 4px; }
        fieldset.choices { border: 0; padding: 0; margin: 0; background: none; }
        .choice { display: inline-block; margin-inline-end: 1rem; }
        [aria-invalid=true] { border-color: #b00020; outline: 1px solid #b00020; }
        .error { color: #b00020; margin: 0.2rem 0 0; }
        .required { color: #b00020; margin-inline-start: 0.15rem; }
        .summary { border: 2px solid #b00020; padding: 0.5rem 1rem; margin-bottom: 1rem; background: #fff; }
        .item { border-inline-start: 3px solid #cfcfca; padding-inline-start: 0.75rem; margin: 0.5rem 0; }
        .footer, .info { color: #55554f; }
        button { font: inherit; padding: 0.4rem 1rem; }
        [hidden] { display: none !important; }
        """#
}
