/// `GET /`: a page for people who never open a terminal. Self-contained: nothing is fetched from elsewhere. Sounds
/// are posted to `/v1/sounds/prepare` (both platforms, so that the Ogg can be played here), payloads to
/// `/v1/payloads/check`; the zip is made in the page from the outputs.
enum Page {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <link rel="icon" href="data:,">
        <title>soundkit: notification sounds for iOS and Android</title>
        <style>
        body { font: 16px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 1rem auto; padding: 0 1rem; color: #111; }
        #drop { display: block; border: 2px dashed #666; border-radius: .5rem; padding: 1.5rem; text-align: center; }
        #drop.over { background: #eef; }
        fieldset { border: 1px solid #bbb; margin: 1rem 0; }
        .result { border: 1px solid #999; border-radius: .5rem; padding: .75rem; margin: 1rem 0; }
        .finding { margin: .25rem 0; }
        .sev { font-weight: bold; text-transform: uppercase; padding: 0 .3rem; border: 1px solid; border-radius: .25rem; }
        .error .sev { color: #a00; } .warning .sev { color: #850; } .note .sev { color: #036; }
        a, button, input, select, textarea { font: inherit; }
        :focus-visible { outline: 3px solid #06c; outline-offset: 2px; }
        textarea { width: 100%; min-height: 8rem; font-family: ui-monospace, monospace; }
        </style>
        </head>
        <body>
        <h1>Notification sounds for iOS and Android</h1>
        <p>Drop sounds here or pick them: each comes back as the file iOS plays (CAF), Android's (Ogg in res/raw) and
        what would stop it playing.</p>
        <form id="tokenForm" hidden>
        <p id="tokenWhy" role="alert"></p>
        <label for="token">Access token</label>
        <input id="token" type="password" autocomplete="off" required>
        <button type="submit">Use this token</button>
        <p>It is kept for this tab only, and sent to this server only.</p>
        </form>
        <fieldset>
        <legend>Make for</legend>
        <label><input type="radio" name="platform" value="all" checked> iOS and Android</label>
        <label><input type="radio" name="platform" value="ios"> iOS</label>
        <label><input type="radio" name="platform" value="android"> Android</label>
        </fieldset>
        <p><label for="loudness">Target loudness in LUFS (optional; -16 is a common choice)</label>
        <input id="loudness" type="number" min="-70" max="0" step="0.5" placeholder="-16"></p>
        <label id="drop" for="files">Drop sounds here, or press Enter to pick them
        <input id="files" type="file" multiple accept="audio/*,.caf,.m4a,.wav,.aif,.aiff,.mp3,.ogg,.flac"></label>
        <p id="status" role="status" aria-live="polite"></p>
        <section id="results" aria-label="Results"></section>
        <h2>Check a push body</h2>
        <label for="payload">Paste the JSON your server sends (APNs, FCM, Expo, OneSignal…)</label>
        <textarea id="payload" spellcheck="false"></textarea>
        <button id="checkPayload" type="button">Check the push body</button>
        <ul id="payloadFindings" aria-live="polite"></ul>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const marks = { error: "✖ error", warning: "⚠ warning", note: "ℹ note" };
        function el(tag, attrs, text) {
          const e = document.createElement(tag);
          for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
          if (text !== undefined) e.textContent = text;
          return e;
        }
        function finding(f, where) {
          const li = el("li", { "data-testid": "finding", class: "finding " + f.severity });
          li.append(el("span", { class: "sev" }, marks[f.severity] || f.severity), " ");
          const at = f.line ? "line " + f.line + (f.column ? ", column " + f.column : "") + ": " : "";
          li.append((where ? where + ": " : "") + at + f.message + " [" + f.rule + "]");
          return li;
        }
        function bytesOf(b64) {
          const s = atob(b64), out = new Uint8Array(s.length);
          for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
          return out;
        }
        const crcTable = Array.from({ length: 256 }, (_, n) => {
          let c = n;
          for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
          return c >>> 0;
        });
        function crc32(b) {
          let c = 0xFFFFFFFF;
          for (const x of b) c = crcTable[(c ^ x) & 0xFF] ^ (c >>> 8);
          return (c ^ 0xFFFFFFFF) >>> 0;
        }
        function zip(entries) {
          const parts = [], central = [];
          let offset = 0;
          const enc = new TextEncoder();
          for (const e of entries) {
            const name = enc.encode(e.name), crc = crc32(e.bytes), n = e.bytes.length;
            const h = new DataView(new ArrayBuffer(30));
            [[0, 0x04034b50, 4], [4, 20, 2], [6, 0x0800, 2], [12, 0x21, 2], [14, crc, 4], [18, n, 4], [22, n, 4], [26, name.length, 2]]
              .forEach(([o, v, w]) => w === 4 ? h.setUint32(o, v, true) : h.setUint16(o, v, true));
            const c = new DataView(new ArrayBuffer(46));
            [[0, 0x02014b50, 4], [4, 20, 2], [6, 20, 2], [8, 0x0800, 2], [14, 0x21, 2], [16, crc, 4], [20, n, 4], [24, n, 4], [28, name.length, 2], [42, offset, 4]]
              .forEach(([o, v, w]) => w === 4 ? c.setUint32(o, v, true) : c.setUint16(o, v, true));
            parts.push(h, name, e.bytes);
            central.push(c, name);
            offset += 30 + name.length + n;
          }
          const size = central.reduce((s, p) => s + p.byteLength, 0);
          const end = new DataView(new ArrayBuffer(22));
          [[0, 0x06054b50, 4], [8, entries.length, 2], [10, entries.length, 2], [12, size, 4], [16, offset, 4]]
            .forEach(([o, v, w]) => w === 4 ? end.setUint32(o, v, true) : end.setUint16(o, v, true));
          return new Blob([...parts, ...central, end], { type: "application/zip" });
        }
        // A server started with --token-file answers 401 without a token: the page asks for one (the form above),
        // keeps it in sessionStorage — this tab only — and sends the request again.
        const tokenKey = "soundkit-token";
        let tokenAsked = null;
        function askForToken(why) {
          if (!tokenAsked) {
            const form = $("tokenForm");
            $("tokenWhy").textContent = why;
            form.hidden = false;
            $("token").focus();
            tokenAsked = new Promise((done) => form.addEventListener("submit", (e) => {
              e.preventDefault();
              sessionStorage.setItem(tokenKey, $("token").value.trim());
              form.hidden = true;
              tokenAsked = null;
              done();
            }, { once: true }));
          }
          return tokenAsked;
        }
        async function send(url, init) {
          for (;;) {
            const headers = Object.assign({}, init.headers);
            const token = sessionStorage.getItem(tokenKey);
            if (token) headers.Authorization = "Bearer " + token;
            const r = await fetch(url, Object.assign({}, init, { headers }));
            if (r.status !== 401) return r;
            await askForToken(token ? "The server refused that token: enter it again." : "This server needs an access token.");
          }
        }
        function download(label, blob, name) {
          const a = el("a", { href: URL.createObjectURL(blob), download: name, "data-testid": "download" }, label);
          return a;
        }
        function done(sound) {
          const d = [];
          if (sound.trimmed) d.push("cut to 29.5 s");
          if (sound.source && sound.source.channels > 2) d.push("mixed down to stereo");
          if (sound.normalization) d.push("normalised");
          return d.length ? d.join(", ") : "nothing needed changing";
        }
        async function prepare(file) {
          const chosen = document.querySelector("input[name=platform]:checked").value;
          const box = el("article", { class: "result", "data-testid": "result", "aria-busy": "true" });
          box.append(el("h3", {}, file.name), el("p", {}, "Working…"));
          $("results").append(box);
          const q = new URLSearchParams({ platform: "all", name: file.name });
          const loud = $("loudness").value.trim();
          if (loud) q.set("loudness", loud);
          let answer;
          try {
            const r = await send("/v1/sounds/prepare?" + q, { method: "POST", body: file, headers: { Accept: "application/json" } });
            answer = await r.json();
            if (!r.ok) throw new Error(answer.message || r.statusText);
          } catch (e) {
            box.lastChild.textContent = "Not made: " + e.message;
            box.append(el("ul")).append(finding({ severity: "error", rule: "upload", message: e.message }));
            box.setAttribute("aria-busy", "false");
            return;
          }
          box.lastChild.textContent = "What was done: " + done(answer.outputs[0] || {});
          const source = el("audio", { controls: "", src: URL.createObjectURL(file), "aria-label": "The source as uploaded" });
          box.append(el("p", {}, "Source:"), source);
          const list = el("ul");
          const entries = [];
          for (const o of answer.outputs) {
            const bytes = bytesOf(o.bytes);
            const blob = new Blob([bytes], { type: o.contentType });
            if (o.platform === "android") {
              box.append(el("p", {}, "Converted (the Android file, which browsers play; the iOS file sounds the same):"),
                el("audio", { controls: "", src: URL.createObjectURL(blob), "data-testid": "preview", "aria-label": "The converted sound" }));
            }
            if (chosen !== "all" && o.platform !== chosen) continue;
            entries.push({ name: (o.platform === "ios" ? "ios/" : "android/res/raw/") + o.name, bytes });
            const p = el("p");
            p.append(download("Download " + o.name + " (" + (o.platform === "ios" ? "iOS" : "Android") + ")", blob, o.name));
            box.append(p);
            for (const f of o.findings) list.append(finding(f, o.platform === "ios" ? "iOS" : "Android"));
          }
          if (entries.length > 0) {
            const base = file.name.replace(/\.[^.]*$/, "") || "sound";
            const p = el("p");
            p.append(download("Download all as " + base + ".zip", zip(entries), base + ".zip"));
            box.append(p);
          }
          if (!list.children.length) list.append(el("li", {}, "No findings: it plays as it is."));
          box.append(el("h4", {}, "Findings"), list);
          box.setAttribute("aria-busy", "false");
        }
        async function prepareAll(files) {
          $("status").textContent = "Preparing " + files.length + " sound(s)…";
          for (const f of files) await prepare(f);
          $("status").textContent = "Done.";
        }
        $("files").addEventListener("change", (e) => prepareAll([...e.target.files]));
        const drop = $("drop");
        drop.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); $("files").click(); } });
        drop.tabIndex = 0;
        drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
        drop.addEventListener("dragleave", () => drop.classList.remove("over"));
        drop.addEventListener("drop", (e) => { e.preventDefault(); drop.classList.remove("over"); prepareAll([...e.dataTransfer.files]); });
        $("checkPayload").addEventListener("click", async () => {
          const out = $("payloadFindings");
          out.replaceChildren();
          try {
            const r = await send("/v1/payloads/check?name=payload.json", { method: "POST", body: $("payload").value, headers: { "Content-Type": "application/json" } });
            const doc = await r.json();
            if (!r.ok) throw new Error(doc.message || r.statusText);
            const fs = doc.files.flatMap((f) => f.findings);
            fs.forEach((f) => out.append(finding(f)));
            if (!fs.length) out.append(el("li", {}, "No findings."));
          } catch (e) {
            out.append(finding({ severity: "error", rule: "payload", message: e.message }));
          }
        });
        </script>
        </body>
        </html>

        """#
}
